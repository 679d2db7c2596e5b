// bench/history: the event history with many events, seeded through the events service in one transaction
// (tests/support/events-seed.ts), then in Chromium at 1280x800, median of 5 visits (the persisted query cache cleared
// before each, so every visit asks the server):
//  - first rows: from navigation start to the first event row in the DOM;
//  - rows drawn: how many event rows the DOM holds once the first page is on screen (bounded by the screen);
//  - more on scroll: from pressing End to the first row of the next page in the DOM.
// The same figures with 100 events are the baseline measured in the same run.
import { chromium, type Page } from '@playwright/test';
import { startServerWithEvents } from '../tests/support/events-seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { adminCookie, firstRowMs, firstRowProbe, median, signedInContext } from './support.ts';

const RUNS = 5;
const USERS = ['admin', 'ann@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com'];

/** A toggle's state as events carry it, `i` making each one differ. */
const toggleState = (name: string, i: number) => ({
  name,
  description: `Benchmark toggle, change ${i}`,
  type: 'release',
  project: 'default',
  stale: i % 2 === 0,
  strategies: [{ name: 'flexibleRollout', parameters: { rollout: String(i % 100), stickiness: 'default' } }],
});

const drawnRows = (page: Page) => page.locator('ul[aria-label="Events"] > li').count();
/** The console's page of events (HISTORY_PAGE_SIZE in src/events/api/queries.ts). */
const PAGE = 50;

async function visit(page: Page, url: string) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.endsWith(':query-cache')) localStorage.removeItem(key);
  });
  await page.goto(`${url}/history`);
  const first = await firstRowMs(page);
  await page.waitForTimeout(500);
  const rows = await drawnRows(page);
  // More on scroll: End, then the first row of the second page in the DOM. (Passed as source text: tsx's
  // keep-names transform would otherwise inject a helper the page lacks.)
  const more = page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    const selector = 'ul[aria-label="Events"] > li[aria-posinset="${PAGE + 1}"]';
    new MutationObserver((_, observer) => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      resolve(performance.now() - start);
    }).observe(document.body, { childList: true, subtree: true });
  })`);
  await page.keyboard.press('End');
  const moreMs = await Promise.race([
    more,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no more rows after End')), 30_000)),
  ]);
  return { first, rows, more: moreMs, rowsAfter: await drawnRows(page) };
}

async function measure(count: number) {
  const seeded = await startServerWithEvents(count, (i) => {
    const name = `bench.toggle-${String(i % 200).padStart(3, '0')}`;
    return {
      type: 'feature-updated',
      createdBy: USERS[i % USERS.length],
      project: 'default',
      featureName: name,
      preData: toggleState(name, i - 1),
      data: toggleState(name, i),
    };
  });
  const server = seeded.server;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookie = await adminCookie(server.url);
    const context = await signedInContext(browser, server.url, cookie, firstRowProbe('ul[aria-label="Events"] > li'));
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.url}/history`); // cold: fills the HTTP cache with the console's files
    await firstRowMs(page);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(page, server.url));
    return {
      count,
      seconds: seeded.seedSeconds,
      first: median(runs.map((r) => r.first)),
      more: median(runs.map((r) => r.more)),
      rows: Math.max(...runs.map((r) => Math.max(r.rows, r.rowsAfter))),
    };
  } finally {
    await browser.close();
    await seeded.stop();
  }
}

export async function historyBench(): Promise<boolean> {
  const baseline = await measure(100);
  const large = await measure(Number(process.env.BENCH_EVENTS ?? 20_000));
  console.log('bench/history (Chromium, 1280x800, median of 5 visits, persisted query cache cleared)');
  for (const r of [baseline, large]) {
    console.log(
      `  ${String(r.count).padStart(6)} events: first rows ${r.first.toFixed(0)} ms after navigation, ` +
        `next page ${r.more.toFixed(0)} ms after End, at most ${r.rows} rows in the DOM ` +
        `(seeded in ${r.seconds.toFixed(1)} s)`,
    );
  }
  console.log(
    `  ${large.count} vs ${baseline.count} events: first rows x${(large.first / baseline.first).toFixed(2)}, ` +
      `next page x${(large.more / baseline.more).toFixed(2)}`,
  );
  console.log('  targets: first rows within 1.5x of the baseline; rows in the DOM the same for both');
  return large.first <= baseline.first * 1.5 && large.rows <= baseline.rows;
}
