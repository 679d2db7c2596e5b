// A console left open learns of a new version without a navigation. The server serves a copy
// of dist/ (CONSOLE_DIR); a new build is deployed into that copy while the page stays open, and the person only
// switches to another tab and back.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { apiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const dist = resolve(import.meta.dirname, '../../dist');
// Named here (Playwright also loads this file to list its tests), filled before the server starts, removed after.
const consoleDir = join(tmpdir(), `switchyard-console-${randomUUID()}`);
test.beforeAll(() => {
  if (!existsSync(join(dist, 'sw.js'))) throw new Error('dist/ has no built console: run `npm run build` first');
  cpSync(dist, consoleDir, { recursive: true });
});
const server = freshServer({ CONSOLE_DIR: consoleDir });
const api = apiOf(server);
test.afterAll(() => rmSync(consoleDir, { recursive: true, force: true }));

let builds = 0;

/**
 * Deploys a new build over the served copy, as a deployment would: index.html changes (it names the build), and so
 * does its revision in the precache list of sw.js (a byte-different sw.js is what makes the browser install a new
 * service worker). The old compressed copies of sw.js go: the server would otherwise keep sending them.
 */
function deployNewBuild(): string {
  const build = `build-${++builds}`;
  const indexFile = join(consoleDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace(
    /<head>(\n\s*<meta name="switchyard-build"[^>]*>)?/,
    `<head>\n    <meta name="switchyard-build" content="${build}">`,
  );
  const revision = createHash('md5').update(html).digest('hex');
  const swFile = join(consoleDir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const next = sw.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
  expect(next, 'sw.js lists index.html with a revision').not.toBe(sw);
  writeFileSync(indexFile, html);
  writeFileSync(swFile, next);
  rmSync(`${swFile}.br`, { force: true });
  rmSync(`${swFile}.gz`, { force: true });
  return build;
}

/**
 * Two minutes later (well short of the hourly check) the person switches to another tab and back: no navigation.
 * Playwright tells every page it has the focus; the browser's own focus changes are wanted here.
 */
async function comeBackLater(page: Page, context: BrowserContext) {
  await page.clock.fastForward('02:00');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const otherTab = await context.newPage();
  await otherTab.bringToFront();
  await page.bringToFront();
  await otherTab.close();
}

const updateNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A new version of Switchyard is available' });

test('an open, idle console offers the new version after a deployment, and Reload loads it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { url } = server();
  // The page's clock runs as usual until the test moves it on (the console checks at most once a minute).
  await page.clock.install();
  await signIn(page, url);
  // A function, not source text: the Content-Security-Policy forbids eval.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const build = deployNewBuild();
  await expect(page.locator(`meta[name="switchyard-build"][content="${build}"]`)).toHaveCount(0);

  await comeBackLater(page, context);
  const notice = updateNotice(page);
  await expect(notice).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toBe(`${url}/features`);

  await notice.getByRole('button', { name: 'Reload' }).click();
  // The new worker takes over and the page reloads into the new build's shell.
  await expect(page.locator(`meta[name="switchyard-build"][content="${build}"]`)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveCount(0);
  // The new worker is the active one; nothing waits any more.
  const settled = () => navigator.serviceWorker.getRegistration().then((r) => !!r?.active && !r.waiting);
  expect(await page.evaluate(settled)).toBe(true);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a toast, the refresh notice and the update notice never overlap; a dialog is never covered', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const { url } = server();
    await page.clock.install();
    await signIn(page, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const run = randomUUID().slice(0, 8);
    const [held, flipped] = [`payments.kill-switch-${run}`, `search.new-ranking-${run}`];
    for (const name of [held, flipped]) {
      await api(page, 'POST', 'api/admin/features', { name, type: 'release', strategies: [{ name: 'default' }] });
    }

    // A change held by a conflict: the refresh notice stays at the top of the content.
    await page.goto(`${url}/projects/default/features2/${held}`);
    const heldSwitch = page.getByRole('switch', { name: `${held} in development`, exact: true });
    await expect(heldSwitch).toBeVisible({ timeout: 30_000 });
    await context.setOffline(true);
    await heldSwitch.tap();
    await api(page, 'PATCH', `api/admin/projects/default/features/${held}`, [
      { op: 'replace', path: '/description', value: 'Changed by a colleague' },
    ]);
    await context.setOffline(false);
    const refreshNotice = page.locator('.sy-refresh-notice');
    await expect(refreshNotice.getByRole('button', { name: 'Refresh configuration' })).toBeVisible({
      timeout: 30_000,
    });

    // A new version, and a toast on top of it all.
    await page.goto(`${url}/projects/default/features2/${flipped}`);
    await expect(refreshNotice).toBeVisible({ timeout: 30_000 });
    deployNewBuild();
    await comeBackLater(page, context);
    await expect(updateNotice(page)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('switch', { name: `${flipped} in development`, exact: true }).tap();
    // Read while the toast shows (it hides after 6 s): each box, as drawn.
    const boxes = await page.waitForFunction(
      () => {
        const box = (selector: string) => {
          const element = document.querySelector(selector);
          if (!element) return undefined;
          const { top, bottom, left, right } = element.getBoundingClientRect();
          return { top, bottom, left, right };
        };
        const toast = box('.sy-toast');
        return toast && { toast, refresh: box('.sy-refresh-notice')!, update: box('.sy-update-notice')! };
      },
      undefined,
      { timeout: 30_000 },
    );
    const { toast, refresh, update } = (await boxes.jsonValue())!;
    expect(toast.top, 'the toast is below the refresh notice').toBeGreaterThanOrEqual(refresh.bottom);
    expect(toast.bottom, 'the toast is above the update notice').toBeLessThanOrEqual(update.top);
    expect(refresh.bottom, 'the refresh notice ends above the update notice').toBeLessThanOrEqual(update.top);

    // The waiting list is a dialog: the update notice waits until it closes.
    await page.getByRole('button', { name: /change waiting/ }).tap();
    const waitingList = page.getByRole('dialog', { name: /change waiting/ });
    await expect(waitingList).toBeVisible();
    await expect(updateNotice(page)).toBeHidden();
    await waitingList.getByRole('button', { name: 'Close' }).tap();
    await expect(updateNotice(page)).toBeVisible();
  });
});
