// Issue 12, must-show 4: a console left open learns of a new version without a navigation. The server serves a copy
// of dist/ (CONSOLE_DIR); a new build is deployed into that copy while the page stays open, and the person only
// switches to another tab and back.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../support/server.ts';
import { expect, signIn, test } from './fixtures.ts';

const dist = resolve(import.meta.dirname, '../../dist');
// Named here, made by beforeAll (Playwright also loads this file to list its tests).
const consoleDir = join(tmpdir(), `switchyard-console-${randomUUID()}`);
let server: RunningServer | undefined;
test.beforeAll(async () => {
  // A fresh data folder's first start (PGlite's initdb) can take over a minute on a busy 2-core machine.
  test.setTimeout(180_000);
  if (!existsSync(join(dist, 'sw.js'))) throw new Error('dist/ has no built console: run `npm run build` first');
  cpSync(dist, consoleDir, { recursive: true });
  server = await startServer({ CONSOLE_DIR: consoleDir }, { healthyWithinMs: 150_000 });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(consoleDir, { recursive: true, force: true });
});

const BUILD_MARK = '<meta name="switchyard-build" content="next">';

/**
 * Deploys a new build over the served copy, as a deployment would: index.html changes, and so do its revision in the
 * precache list of sw.js (a byte-different sw.js is what makes the browser install a new service worker). The old
 * compressed copies of sw.js go: the server would otherwise keep sending them.
 */
function deployNewBuild() {
  const indexFile = join(consoleDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace('<head>', `<head>\n    ${BUILD_MARK}`);
  const revision = createHash('md5').update(html).digest('hex');
  const swFile = join(consoleDir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const next = sw.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
  expect(next, 'sw.js lists index.html with a revision').not.toBe(sw);
  writeFileSync(indexFile, html);
  writeFileSync(swFile, next);
  rmSync(`${swFile}.br`, { force: true });
  rmSync(`${swFile}.gz`, { force: true });
}

test('an open, idle console offers the new version after a deployment, and Reload loads it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { url } = server!;
  // The page's clock runs as usual until the test moves it on (the console checks at most once a minute).
  await page.clock.install();
  await signIn(page, url);
  // A function, not source text: the Content-Security-Policy forbids eval.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.locator('meta[name="switchyard-build"]')).toHaveCount(0);

  deployNewBuild();
  // Two minutes later (well short of the hourly check) the person switches to another tab and back: no navigation.
  await page.clock.fastForward('02:00');
  // Playwright tells every page it has the focus; the browser's own focus changes are wanted here.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const otherTab = await context.newPage();
  await otherTab.bringToFront();
  await page.bringToFront();

  const notice = page.getByRole('status').filter({ hasText: 'A new version of Switchyard is available' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toBe(`${url}/features`);

  await notice.getByRole('button', { name: 'Reload' }).click();
  // The new worker takes over and the page reloads into the new build's shell.
  await expect(page.locator('meta[name="switchyard-build"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveCount(0);
  // The new worker is the active one; nothing waits any more.
  const settled = () => navigator.serviceWorker.getRegistration().then((r) => !!r?.active && !r.waiting);
  expect(await page.evaluate(settled)).toBe(true);
});
