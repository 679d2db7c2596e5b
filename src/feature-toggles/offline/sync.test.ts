import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../shared/api/client';
import type { FeatureToggle, ProjectFeature } from '../types';
import type { SwitchyardDb } from '../../offline/db';
import { ROWS_PER_SLICE } from '../../offline/mirror';
import { storedToggles, toggleKeys, toggleTable, type ToggleMirror } from './mirror';
import { closePages, openPage, type Page } from './test-support';

// The mirror's background sync against a server with GET api/admin/sync/features (see server/features/sync.ts).

const COUNT = 1200;
/** The mirror stores toggles a slice per task: on a busy machine a full sync takes a while. */
const WAIT = { timeout: 30_000, interval: 50 };
const nameOf = (i: number) => `t-${String(i).padStart(5, '0')}`;

function toggle(i: number, version = 1, enabled = i % 3 === 0): ProjectFeature {
  return {
    name: nameOf(i),
    project: i % 2 ? 'web' : 'default',
    type: 'release',
    stale: false,
    variants: [],
    version,
    environments: [
      {
        name: 'default',
        enabled,
        type: 'production',
        sortOrder: 1,
        strategies: [{ id: `s-${i}`, name: 'default', parameters: {}, constraints: [], sortOrder: 0 }],
      },
      { name: 'development', enabled: true, type: 'development', sortOrder: 2, strategies: [] },
    ],
  };
}
const classic = (feature: ProjectFeature): FeatureToggle => ({
  name: feature.name,
  project: feature.project,
  version: feature.version,
  enabled: feature.environments[0].enabled,
  strategies: feature.environments[0].strategies,
});

/** The server: its toggles with the revision each last changed at, the deleted ones, and its current revision. */
let server: {
  toggles: Map<string, { feature: ProjectFeature; changedAt: number }>;
  deleted: Map<string, number>;
  revision: number;
  /** Requests that get no answer (as if the network went away). */
  unanswered: (url: URL) => boolean;
  /** Pages wait for this before answering. */
  gate: Promise<void>;
};
const requested: string[] = [];

function change(feature: ProjectFeature) {
  server.revision += 1;
  server.toggles.set(feature.name, { feature, changedAt: server.revision });
}
function remove(name: string) {
  server.revision += 1;
  server.toggles.delete(name);
  server.deleted.set(name, server.revision);
}

const http = createApiClient('', async (input) => {
  const url = new URL(String(input), 'http://switchyard.test');
  requested.push(`${url.pathname}${url.search}`);
  if (server.unanswered(url)) throw new TypeError('Failed to fetch');
  if (url.pathname !== '/api/admin/sync/features') return new Response('{}', { status: 404 });
  await server.gate;
  const after = url.searchParams.get('after');
  const since = url.searchParams.has('since') ? Number(url.searchParams.get('since')) : undefined;
  const limit = Number(url.searchParams.get('limit') ?? 500);
  const listed = [...server.toggles.values()]
    .filter(
      ({ feature, changedAt }) =>
        (after === null || feature.name > after) && (since === undefined || changedAt > since),
    )
    .map(({ feature }) => feature)
    .sort((a, b) => a.name.localeCompare(b.name));
  const deleted =
    since !== undefined && after === null ? [...server.deleted].filter(([, at]) => at > since).map(([n]) => n) : [];
  const page = listed.slice(0, limit);
  const next = listed.length > limit ? page[page.length - 1].name : null;
  return new Response(JSON.stringify({ version: 1, revision: server.revision, features: page, deleted, next }));
});

let pages: Page[];
let mirror: ToggleMirror;
let db: SwitchyardDb;

beforeEach(() => {
  server = { toggles: new Map(), deleted: new Map(), revision: 0, unanswered: () => false, gate: Promise.resolve() };
  for (let i = 0; i < COUNT; i++) change(toggle(i));
  pages = [openPage({ api: http })];
  mirror = pages[0].toggles;
  requested.length = 0;
});

afterEach(() => closePages(...pages));

/** The page's IndexedDB is opened. */
async function openStorage(page = pages[0]) {
  ({ db } = await page.offline.openStorage());
}

const serverList = () => [...server.toggles.values()].map(({ feature }) => classic(feature));

/** The page is reloaded: a new page on the same IndexedDB, nothing in memory. */
async function reload(api: ApiClient = http) {
  await pages.at(-1)!.offline.close();
  const next = openPage({ base: pages[0].base, api });
  pages.push(next);
  await openStorage(next);
  return next.toggles;
}

/** The stored toggles whose environments and strategies are all known. */
const detailed = async () =>
  (await storedToggles(db)).filter((row) => row.environments?.every((env) => env.strategies));

describe('the bulk sync', () => {
  it('fills the mirror in pages of 500 after the list, first page first, without a request per toggle', async () => {
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    await openStorage();
    const transactions = vi.spyOn(db, 'transaction');
    const puts = vi.spyOn(toggleTable(db), 'bulkPut');

    // The list is there at once; the sync waits in the background.
    expect(mirror.receiveList(serverList())).toHaveLength(COUNT);
    expect(mirror.projectFeatureOf('default', nameOf(0))).toBeUndefined();
    open();
    await vi.waitFor(async () => expect(await detailed()).toHaveLength(COUNT), WAIT);
    // The toggles are stored a slice at a time (the list's, then each page's), never all in one long task.
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual(
      Array.from({ length: (2 * COUNT) / ROWS_PER_SLICE }, () => ROWS_PER_SLICE),
    );

    expect(requested).toEqual([
      '/api/admin/sync/features?limit=500',
      `/api/admin/sync/features?limit=500&after=${nameOf(499)}`,
      `/api/admin/sync/features?limit=500&after=${nameOf(999)}`,
    ]);
    // One more IndexedDB transaction for the list's names, then one per page for where the sync stands.
    expect(transactions).toHaveBeenCalledTimes(4);
    const revision = server.revision;
    expect(mirror.bulkSyncState()).toEqual({ revision, after: null });
    expect((await db.reference.get('["features","sync"]'))?.value).toEqual({ revision, after: null });
    expect(mirror.projectFeatureOf('web', nameOf(1))?.environments.map((e) => [e.name, e.strategies.length])).toEqual([
      ['default', 1],
      ['development', 0],
    ]);
  });

  it('on a later visit asks only for what changed since, and drops what was deleted since', async () => {
    await openStorage();
    mirror.receiveList(serverList());
    const first = server.revision;
    await vi.waitFor(
      async () =>
        expect((await db.reference.get('["features","sync"]'))?.value).toEqual({ revision: first, after: null }),
      WAIT,
    );

    const before = serverList();
    change(toggle(5, 2, true));
    remove(nameOf(7));
    requested.length = 0;
    const fresh = await reload();
    expect(fresh.bulkSyncState()).toEqual({ revision: first, after: null });
    fresh.receiveList(before); // read just before the change and the deletion
    await vi.waitFor(() => expect(fresh.bulkSyncState()?.revision).toBe(server.revision), WAIT);

    expect(requested).toEqual([`/api/admin/sync/features?limit=500&since=${first}`]);
    expect(fresh.projectFeatureOf('web', nameOf(5))).toMatchObject({ version: 2 });
    expect(fresh.projectFeatureOf('web', nameOf(5))?.environments[0].enabled).toBe(true);
    expect(fresh.serverStateOf(nameOf(7))).toBeUndefined();
    await vi.waitFor(async () => expect(await toggleTable(db).get(nameOf(7))).toBeUndefined(), WAIT);
    expect((await storedToggles(db)).find((row) => row.name === nameOf(5))?.toggle.version).toBe(2);
  });

  it('against a server without the bulk call (404, a real Unleash 4), reads toggle by toggle and asks once', async () => {
    server.toggles = new Map([...server.toggles].slice(0, 2));
    const unleash = createApiClient('', async (input) => {
      const path = new URL(String(input), 'http://switchyard.test').pathname;
      requested.push(path);
      const [, project, one] = path.match(/^\/api\/admin\/projects\/([^/]+)\/features(?:\/([^/]+))?$/) ?? [];
      const features = [...server.toggles.values()].map(({ feature }) => feature);
      const body = one
        ? features.find((f) => f.name === one)
        : project && { features: features.filter((f) => f.project === project) };
      return new Response(JSON.stringify(body ?? {}), { status: body ? 200 : 404 });
    });
    const fresh = await reload(unleash);
    const now = Date.now();
    fresh.receiveList(serverList());
    await vi.waitFor(() => expect(fresh.projectFeatureOf('web', nameOf(1))).toBeDefined(), WAIT);
    expect(requested.filter((path) => path.includes('/sync/'))).toHaveLength(1);
    expect(requested).toContain(`/api/admin/projects/default/features/${nameOf(0)}`);

    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    requested.length = 0;
    fresh.receiveList(serverList());
    await vi.waitFor(() => expect(requested).toContain('/api/admin/projects/web/features'), WAIT);
    expect(requested.filter((path) => path.includes('/sync/'))).toEqual([]);
    vi.restoreAllMocks();
  });

  it('goes on from the last stored page when a full sync was cut short, and keeps its first revision', async () => {
    await openStorage();
    const first = server.revision;
    server.unanswered = (url) => url.searchParams.get('after') === nameOf(499); // the second page
    mirror.receiveList(serverList());
    await vi.waitFor(() => expect(requested).toHaveLength(2), WAIT);
    expect(mirror.bulkSyncState()).toEqual({ revision: first, after: nameOf(499) });
    await vi.waitFor(
      async () =>
        expect((await db.reference.get('["features","sync"]'))?.value).toEqual({ revision: first, after: nameOf(499) }),
      WAIT,
    );
    expect(await detailed()).toHaveLength(500);

    server.unanswered = () => false;
    change(toggle(1, 2)); // changed while the sync was cut short: the next sync of changes brings it
    requested.length = 0;
    const fresh = await reload();
    fresh.receiveList(serverList());
    await vi.waitFor(() => expect(fresh.bulkSyncState()).toEqual({ revision: first, after: null }), WAIT);
    expect(requested).toEqual([
      `/api/admin/sync/features?limit=500&after=${nameOf(499)}`,
      `/api/admin/sync/features?limit=500&after=${nameOf(999)}`,
    ]);
    await vi.waitFor(async () => expect(await detailed()).toHaveLength(COUNT), WAIT);
  });
});

describe('the live stream', () => {
  it('a change it names is synced at once and shown in the open list; one already held is not asked for', async () => {
    await openStorage();
    const { queryClient } = pages[0];
    queryClient.setQueryData(toggleKeys.list(), mirror.receiveList(serverList()));
    const first = server.revision;
    await vi.waitFor(() => expect(mirror.bulkSyncState()).toEqual({ revision: first, after: null }), WAIT);
    const shownEnabled = (name: string) =>
      queryClient.getQueryData<FeatureToggle[]>(toggleKeys.list())?.find((t) => t.name === name)?.enabled;
    expect(shownEnabled(nameOf(3))).toBe(true);

    change(toggle(3, 2, false)); // another admin turns it off
    requested.length = 0;
    mirror.followLive({ type: 'changes', changes: { revision: server.revision, features: [nameOf(3)] } });
    await vi.waitFor(() => expect(shownEnabled(nameOf(3))).toBe(false), WAIT);
    expect(requested).toEqual([`/api/admin/sync/features?limit=500&since=${first}`]);
    expect(mirror.bulkSyncState()).toEqual({ revision: server.revision, after: null });

    requested.length = 0;
    mirror.followLive({ type: 'changes', changes: { revision: server.revision, features: [nameOf(3)] } });
    // Change requests changed on the server (a newer revision): no toggle did, nothing is synced.
    mirror.followLive({ type: 'change-requests', changes: { revision: server.revision + 1, projects: ['default'] } });
    // Opened (again), the stream may have missed changes: the mirror asks what changed since its revision.
    mirror.followLive({ type: 'open' });
    await vi.waitFor(() => expect(requested).toHaveLength(1), WAIT);
    expect(requested).toEqual([`/api/admin/sync/features?limit=500&since=${server.revision}`]);
  });

  it('changes arriving while it syncs make one more round, not one each', async () => {
    await openStorage();
    mirror.receiveList(serverList());
    await vi.waitFor(() => expect(mirror.bulkSyncState()?.revision).toBe(server.revision), WAIT);
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    requested.length = 0;
    for (const i of [1, 2, 3]) {
      change(toggle(i, 2));
      mirror.followLive({ type: 'changes', changes: { revision: server.revision, features: [nameOf(i)] } });
    }
    open();
    await vi.waitFor(() => expect(mirror.bulkSyncState()?.revision).toBe(server.revision), WAIT);
    // One round more than the one they found: two requests, or one where the first sync's round was still finishing
    // when they came (they then ride its extra round). Never one each.
    expect(requested.length).toBeGreaterThanOrEqual(1);
    expect(requested.length).toBeLessThanOrEqual(2);
  });
});
