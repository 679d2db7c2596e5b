// An open console follows the server's event stream (GET api/admin/sync/stream): another admin's flip shows without a
// reload, a hidden tab holds no stream and catches up when shown again, and a new console build announced on it makes
// the update notice appear, with no focus change and long before the hourly check.
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ADMIN_PASSWORD, adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const server = freshServer();
const admin = adminApiOf(server);
const STREAM = '/api/admin/sync/stream';

/** A toggle of the default project, off everywhere, made through the API. */
async function createToggle(prefix: string): Promise<string> {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  await admin('POST', 'api/admin/features', { name, type: 'release', strategies: [{ name: 'default' }] });
  return name;
}

/** A second admin, signed in on a page of a context of its own. */
async function secondAdmin(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const email = `colleague-${randomUUID().slice(0, 8)}@example.com`;
  await admin('POST', 'api/admin/user-admin', { email, name: 'Colleague', rootRole: 1, password: ADMIN_PASSWORD });
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, server().url, email, ADMIN_PASSWORD);
  return page;
}

/** The feature list, reached from the menu as a person does, once its live stream is open. */
async function openFeatureList(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Feature toggles' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await untilLive(page);
}

const untilLive = (page: Page) => expect(page.locator('.sy-sync-status[data-live]')).toBeAttached({ timeout: 30_000 });
const switchOf = (page: Page, toggle: string, environment = 'development') =>
  page.getByRole('switch', { name: `${toggle} in ${environment}`, exact: true });
/** The switch's input is hidden in its label; a click on the label flips it. */
const flip = (page: Page, toggle: string) => switchOf(page, toggle).locator('xpath=ancestor::label[1]').click();

/** Marks the page's document: a reload or navigation loses the mark. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { liveMark: true }));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

/** The page as a hidden tab (or shown again), as the browser tells it: visibilityState and visibilitychange. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hide ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test("another admin's flip shows on an open feature list without a reload", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const toggle = await createToggle('live.flip');
  await signIn(page, server().url);
  const colleague = await secondAdmin(browser);
  await openFeatureList(page);
  await openFeatureList(colleague);
  await expect(switchOf(page, toggle)).not.toBeChecked();
  await mark(colleague);

  await flip(page, toggle);
  await expect(switchOf(page, toggle)).toBeChecked();
  const flipped = Date.now();
  // The list is read again only on a visit or a return after 10 s, and synced in full every 30 s: without the stream
  // the colleague's list would not change here at all.
  await expect(switchOf(colleague, toggle)).toBeChecked({ timeout: 15_000 });
  console.log(`live console: the flip showed on the other console after ${Date.now() - flipped} ms`);
  expect(await marked(colleague)).toBe(true);

  // And back, the other way round.
  await flip(colleague, toggle);
  await expect(switchOf(page, toggle)).not.toBeChecked({ timeout: 15_000 });
  await colleague.context().close();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a hidden tab holds no stream and misses a change; shown again, it catches up', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const toggle = await createToggle('live.hidden');
    await signIn(page, server().url);
    const streams: string[] = [];
    page.on('request', (request) => void (request.url().includes(STREAM) && streams.push(request.url())));
    await page.goto(`${server().url}/features`);
    await untilLive(page);
    await mark(page);
    // A console that stays open sees the change: once it has, the hidden one would have too, had it a stream.
    const watcher = await secondAdmin(browser);
    await untilLive(watcher);

    await setHidden(page, true);
    await expect(page.locator('.sy-sync-status[data-live]')).toHaveCount(0);
    const opened = streams.length;
    // A phone's list shows one environment's switches: production's.
    await admin('POST', `api/admin/projects/default/features/${toggle}/environments/production/on`);
    await expect(switchOf(watcher, toggle, 'production')).toBeChecked({ timeout: 15_000 });
    await expect(switchOf(page, toggle, 'production')).not.toBeChecked();
    expect(streams.length, 'no stream is opened while hidden').toBe(opened);

    await setHidden(page, false);
    await untilLive(page);
    await expect(switchOf(page, toggle, 'production')).toBeChecked({ timeout: 15_000 });
    expect(await marked(page)).toBe(true);
    await watcher.context().close();
  });
});

test.describe('a new console build', () => {
  const dist = resolve(import.meta.dirname, '../../dist');
  const consoleDir = join(tmpdir(), `switchyard-live-console-${randomUUID()}`);
  let own: RunningServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!existsSync(join(dist, 'sw.js'))) throw new Error('dist/ has no built console: run `npm run build` first');
    cpSync(dist, consoleDir, { recursive: true });
    own = await startServer({ CONSOLE_DIR: consoleDir });
  });
  test.afterAll(async () => {
    await own?.stop();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  test('announced on the stream, the update notice appears with no focus change and no hourly check', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { url } = own!;
    // The page's clock runs as usual: nothing moves it on to the hourly check, and focus never changes.
    await page.clock.install();
    const streamAnswers: boolean[] = [];
    page.on(
      'response',
      (answer) => void (answer.url().includes(STREAM) && streamAnswers.push(answer.fromServiceWorker())),
    );
    await signIn(page, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await untilLive(page);

    // A deployment: sw.js changes (any byte makes a new service worker), and the server is started again over it.
    const swFile = join(consoleDir, 'sw.js');
    writeFileSync(swFile, `${readFileSync(swFile, 'utf8')}\n// build 2\n`);
    rmSync(`${swFile}.br`, { force: true });
    rmSync(`${swFile}.gz`, { force: true });
    own = await own!.restart();

    const notice = page.getByRole('status').filter({ hasText: 'A new version of Switchyard is available' });
    await expect(notice).toBeVisible({ timeout: 120_000 });
    expect(page.url()).toBe(`${url}/features`);

    // The service worker never answers or keeps the stream.
    expect(streamAnswers.length).toBeGreaterThanOrEqual(2);
    expect(streamAnswers.every((fromWorker) => !fromWorker)).toBe(true);
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((cached) => cached.includes(STREAM))).toEqual([]);
  });
});
