// Shared by the benchmarks: sign in through the API and seed toggles through the API, as a user's scripts would; a
// signed-in browser context that notes when a list's first row appears.
import type { Browser, Page } from '@playwright/test';
import { sessionCookie, sessionHeaders, skipWalkthrough } from '../tests/support/session.ts';

export { sessionHeaders };

/** The session cookie ("unleash-session=...") of the first admin, a returning user (the walkthrough seen). */
export async function adminCookie(url: string): Promise<string> {
  const cookie = await sessionCookie(url);
  await skipWalkthrough(url, cookie);
  return cookie;
}

const types = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];

/** A toggle of the list benchmarks: the default strategy, one in three enabled. */
export const simpleToggle = (i: number) => ({
  name: `bench.toggle-${String(i).padStart(5, '0')}`,
  description: `Benchmark toggle number ${i}`,
  type: types[i % types.length],
  enabled: i % 3 === 0,
  strategies: [{ name: 'default', parameters: {}, constraints: [] }],
});

/** A toggle as SDKs see many: enabled, a gradual rollout with a constraint, and two variants. */
export const rolloutToggle = (i: number) => ({
  ...simpleToggle(i),
  enabled: true,
  strategies: [
    {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: `bench.toggle-${i}` },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['checkout', 'web'] }],
    },
  ],
  variants: [
    { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default', overrides: [] },
    { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default', overrides: [] },
  ],
});

/** Creates `count` toggles through the classic API (bench.toggle-00000...) with eight requests in flight. */
export async function seedToggles(
  url: string,
  cookie: string,
  count: number,
  toggle: (i: number) => object = simpleToggle,
) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${url}/api/admin/features`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...sessionHeaders(cookie) },
        body: JSON.stringify(toggle(i)),
      });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** A toggle's row in the console's list (/features). */
export const TOGGLE_ROW = 'ul[aria-label="Feature toggles"] li a';

/**
 * Records, in the page, when the first element matching `selector` appears (`window.__firstRow`, ms since navigation
 * start). Passed as source text: tsx's keep-names transform would otherwise inject a helper the page lacks.
 */
export const firstRowProbe = (selector: string) => `(() => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('${selector}')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** A 1280x800 browser context signed in with `cookie`, each page running `scripts` (probes) before the console. */
export async function signedInContext(browser: Browser, url: string, cookie: string, ...scripts: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  for (const script of scripts) await context.addInitScript(script);
  return context;
}

/** When the first row appeared (ms since navigation start), once it has: the page's context runs a firstRowProbe. */
export async function firstRowMs(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined);
  return page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
