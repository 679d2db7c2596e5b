// bench/live-console: how soon another admin's flip shows on an open console, in Chromium (1280x800, 1000 toggles):
// from the flip's request through the admin API until the switch on the open feature list follows. The console
// holds the live stream (GET api/admin/sync/stream). Baseline in the same run: the same console with that stream
// refused, as against a server without it: an idle list then follows only at the next visit or return to the tab.
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { startServer } from '../tests/support/server.ts';
import { adminCookie, median, seedToggles, sessionHeaders, signedInContext } from './support.ts';

const TOGGLES = 1000;
const FLIPS = Number(process.env.BENCH_LIVE_FLIPS ?? 30);
const BASELINE_WAIT_MS = 60_000;
/** The issue's bound for another console: well under a second at p50, 2 s at worst. */
const TARGET_MS = 2000;
/** How many of the toggles on the list's first screen are flipped in turn. */
const ON_SCREEN = 5;
const DEVELOPMENT_SWITCH = 'input[role=switch][aria-label$=" in development"]';

/**
 * The open feature list, once it has rows and (unless refused) its live stream is open, and the development switches
 * of the first toggles on its screen.
 */
async function openList(context: BrowserContext, url: string, live: boolean) {
  const page = await context.newPage();
  await page.goto(`${url}/features`);
  await page.locator(DEVELOPMENT_SWITCH).first().waitFor({ state: 'attached', timeout: 120_000 });
  if (live) await page.locator('.sy-sync-status[data-live]').waitFor({ state: 'attached', timeout: 120_000 });
  const labels = await page
    .locator(DEVELOPMENT_SWITCH)
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label')!));
  return { page, labels: labels.slice(0, ON_SCREEN) };
}

/** Flips a toggle through the admin API; resolves with the time from the request until the page's switch follows. */
async function flipSeen(page: Page, label: string, url: string, cookie: string, timeout: number): Promise<number> {
  const name = label.slice(0, -' in development'.length);
  const now = await page.evaluate(
    (l) => document.querySelector<HTMLInputElement>(`input[aria-label="${l}"]`)?.checked,
    label,
  );
  if (now === undefined) throw new Error(`${label} is not on the screen`);
  const started = performance.now();
  const answer = await fetch(
    `${url}/api/admin/projects/default/features/${name}/environments/development/${now ? 'off' : 'on'}`,
    {
      method: 'POST',
      headers: sessionHeaders(cookie),
    },
  );
  if (!answer.ok) throw new Error(`flipping ${name} failed: ${answer.status}`);
  await page.waitForFunction(
    ([l, want]) => document.querySelector<HTMLInputElement>(`input[aria-label="${l}"]`)?.checked === want,
    [label, !now] as const,
    { polling: 'raf', timeout },
  );
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

export async function liveConsoleBench(): Promise<boolean> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookie = await adminCookie(server.url);
    await seedToggles(server.url, cookie, TOGGLES);

    const liveContext = await signedInContext(browser, server.url, cookie);
    const live = await openList(liveContext, server.url, true);
    const pause = () => new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    const seen: number[] = [];
    for (let i = 0; i < FLIPS; i++) {
      await pause();
      seen.push(await flipSeen(live.page, live.labels[i % live.labels.length], server.url, cookie, 30_000));
    }
    await liveContext.close();

    // Baseline: the stream refused (404, as a real Unleash 4 answers): an idle open list.
    const refusedContext = await signedInContext(browser, server.url, cookie);
    await refusedContext.route('**/api/admin/sync/stream', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"name":"NotFoundError","message":"none"}',
      }),
    );
    const refused = await openList(refusedContext, server.url, false);
    const refusedSeen = await flipSeen(refused.page, refused.labels[0], server.url, cookie, BASELINE_WAIT_MS).catch(
      () => undefined,
    );
    await refusedContext.close();

    const p50 = median(seen);
    const p99 = percentile(seen, 0.99);
    console.log(
      `bench/live-console (Chromium 1280x800, ${TOGGLES} toggles, flip through the API -> the open list shows it)`,
    );
    console.log(`  live stream: ${FLIPS} flips, p50 ${ms(p50)}, p99 ${ms(p99)}, worst ${ms(Math.max(...seen))}`);
    console.log(
      `  stream refused (idle list): ${
        refusedSeen === undefined
          ? `not shown within ${BASELINE_WAIT_MS / 1000} s (it shows at the next visit or return to the tab)`
          : `shown after ${ms(refusedSeen)}`
      }`,
    );
    console.log(`  target: every flip within ${TARGET_MS} ms`);
    return Math.max(...seen) <= TARGET_MS;
  } finally {
    await browser.close();
    await server.stop();
  }
}
