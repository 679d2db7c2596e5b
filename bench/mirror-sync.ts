// bench/mirror-sync: a new console user's cold visit to /features in Chromium, 1000 toggles seeded through the API.
// Counts the API requests and their bytes (as received, compressed) from navigation until the offline mirror in
// IndexedDB holds every toggle with its environments and strategies, and when the first rows and the complete
// mirror came. Baseline in the same run: the same visit with the bulk sync answered 404, as a real Unleash 4 does
// (the mirror then reads each toggle). Then a later visit after three changes: the sync asks only for those.
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { startServer } from '../tests/support/server.ts';
import {
  adminCookie,
  firstRowMs,
  firstRowProbe,
  seedToggles,
  sessionHeaders,
  signedInContext,
  simpleToggle,
  TOGGLE_ROW,
} from './support.ts';

export const TARGET_REQUESTS = 10;
const SYNC_PATH = '/api/admin/sync/features';
const DATABASE = 'switchyard'; // src/offline/db-name.ts for the base path ''
const TIMEOUT_MS = Number(process.env.BENCH_SYNC_TIMEOUT_MS ?? 180_000);

/**
 * In the page: how many stored toggles have every environment's strategies, and their versions by name (never
 * opening the database before the console has created it, which would make its next start think it had a mirror).
 * With a `revision`, the toggles are read only once the stored bulk sync is complete at that revision or later
 * (reading 10,000 rows at every poll would slow the page it measures).
 */
const mirrorProbe = (revision: number | null) => `(async () => {
  const empty = { complete: 0, versions: {} };
  const known = await indexedDB.databases();
  if (!known.some((d) => d.name === '${DATABASE}')) return empty;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('${DATABASE}');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const read = (store, query) =>
    new Promise((resolve, reject) => {
      const request = db.transaction(store).objectStore(store)[query === undefined ? 'getAll' : 'get'](query);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  try {
    if (!db.objectStoreNames.contains('toggles')) return empty;
    const sync = (await read('reference', '["features","sync"]'))?.value;
    if (${revision} !== null && !(sync && sync.after === null && sync.revision >= ${revision})) return empty;
    // Each stored toggle is its row as JSON (src/feature-toggles/offline/mirror.ts, StoredToggle).
    const rows = (await read('toggles')).map((stored) => JSON.parse(stored.json));
    const full = rows.filter((r) => r.environments && r.environments.every((e) => e.strategies));
    return {
      complete: full.length,
      versions: Object.fromEntries(full.map((r) => [r.name, r.detailVersion])),
      revision: sync?.revision,
    };
  } finally {
    db.close();
  }
})()`;

export interface Mirror {
  complete: number;
  versions: Record<string, number | undefined>;
  /** The stored bulk sync's revision. */
  revision?: number;
}

export interface Visit {
  requests: number;
  bytes: number;
  syncRequests: number;
  paths: string[];
  firstRowMs: number;
  completeMs: number;
  revision?: number;
  /** Toggles the mirror held at the end: all of them, unless the time ran out. */
  held: number;
  complete: boolean;
}

/** Counts the API requests of a page (path under /api/) and the bytes of their answers, as received. */
function countApi(page: Page) {
  const seen: Array<{ path: string; bytes: Promise<number> }> = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const bytes = new Promise<number>((resolve) => {
      const done = async (finished: typeof request) => {
        if (finished !== request) return;
        page.off('requestfinished', done);
        page.off('requestfailed', done);
        const sizes = await request.sizes().catch(() => undefined);
        resolve(sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0);
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
    });
    seen.push({ path, bytes });
  });
  return {
    count: () => seen.length,
    async total(upTo: number) {
      const counted = seen.slice(0, upTo);
      const bytes = (await Promise.all(counted.map((r) => r.bytes))).reduce((sum, n) => sum + n, 0);
      const paths = counted.map((r) => r.path);
      return { requests: counted.length, bytes, sync: paths.filter((p) => p === SYNC_PATH).length, paths };
    },
  };
}

/**
 * Navigates to /features and waits until the mirror satisfies `done`; the counts up to that moment. `watch` is
 * called with the page before it navigates (bench/bundle counts the bytes of its scripts and styles).
 */
export async function visit(
  context: BrowserContext,
  url: string,
  done: (mirror: Mirror) => boolean,
  revision: number | null,
  watch?: (page: Page) => Promise<void>,
): Promise<Visit> {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const api = countApi(page);
  try {
    await watch?.(page);
    await page.goto(`${url}/features`);
    const deadline = Date.now() + TIMEOUT_MS;
    let mirror: Mirror = { complete: 0, versions: {} };
    for (;;) {
      mirror = await page.evaluate<Mirror>(mirrorProbe(revision));
      if (done(mirror)) break;
      if (Date.now() > deadline) break;
      await page.waitForTimeout(revision === null ? 1000 : 100);
    }
    const upTo = api.count();
    const completeMs = await page.evaluate<number>('performance.now()');
    const firstRow = await firstRowMs(page);
    const { requests, bytes, sync, paths } = await api.total(upTo);
    const held = mirror.complete;
    const complete = done(mirror);
    return {
      requests,
      bytes,
      syncRequests: sync,
      paths,
      firstRowMs: firstRow,
      completeMs,
      held,
      complete,
      revision: mirror.revision,
    };
  } finally {
    await page.close();
  }
}

async function measure(count: number) {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookie = await adminCookie(server.url);
    await seedToggles(server.url, cookie, count);
    const all = (mirror: Mirror) => mirror.complete >= count;

    const context = await signedInContext(browser, server.url, cookie, firstRowProbe(TOGGLE_ROW));
    const cold = await visit(context, server.url, all, 0);
    // A later visit: three toggles changed meanwhile; done once the mirror holds their new versions.
    const changed = [1, 2, 3].map((i) => simpleToggle(i).name);
    const before = await (
      await fetch(`${server.url}/api/admin/features/${changed[0]}`, { headers: { cookie } })
    ).json();
    for (const name of changed) {
      const flipped = await fetch(`${server.url}/api/admin/features/${name}/toggle`, {
        method: 'POST',
        headers: sessionHeaders(cookie),
      });
      if (!flipped.ok) throw new Error(`flipping ${name} failed: ${flipped.status}`);
    }
    const later = await visit(
      context,
      server.url,
      (m) => changed.every((n) => m.versions[n] === before.version + 1),
      (cold.revision ?? 0) + 1,
    );
    await context.close();

    // Baseline: a server without the bulk call (the console's fallback, what it did before).
    const unleash = await signedInContext(browser, server.url, cookie, firstRowProbe(TOGGLE_ROW));
    await unleash.route(`**${SYNC_PATH}*`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"name":"NotFoundError","message":"none"}',
      }),
    );
    const fallback = await visit(unleash, server.url, all, null);
    await unleash.close();
    return { count, cold, later, fallback };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const line = (label: string, v: Visit) =>
  `  ${label}: ${String(v.requests).padStart(4)} API requests (${v.syncRequests} bulk), ${kb(v.bytes).padStart(7)}; ` +
  `first rows ${v.firstRowMs.toFixed(0)} ms, ` +
  (v.complete
    ? `mirror complete ${v.completeMs.toFixed(0)} ms`
    : `mirror NOT complete after ${v.completeMs.toFixed(0)} ms (${v.held} toggles)`);

export async function mirrorSyncBench(): Promise<boolean> {
  const { count, cold, later, fallback } = await measure(Number(process.env.BENCH_SYNC_TOGGLES ?? 1000));
  console.log(`bench/mirror-sync (Chromium, 1280x800, ${count} toggles, from navigation until the mirror holds them)`);
  console.log(line('cold visit, bulk sync          ', cold));
  console.log(`    ${cold.paths.join(', ')}`);
  console.log(line('later visit, 3 changed (since) ', later));
  console.log(line('cold visit, no bulk call (404) ', fallback));
  console.log(`  target: at most ${TARGET_REQUESTS} API requests on the cold visit`);
  return cold.complete && later.complete && cold.requests <= TARGET_REQUESTS;
}
