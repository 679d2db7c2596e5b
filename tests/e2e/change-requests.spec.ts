// Change requests from the console: an admin makes production require them (the project's Environments tab); an
// Editor on a phone turns a toggle off there, which requests the change instead of making it, and sends the request
// to review; an admin, told by the header's count, approves and applies it on a desktop. The toggle is off on the
// server, by one change. Then: a strategy requested the same way, approving offline, and scheduling (what the
// Schedule dialog sends and the request shows; "Apply now"). A real server on a fresh data folder, Chromium.
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import {
  changeRequestsOf,
  EDITOR,
  expect,
  freshServer,
  PHONE,
  signedInPage,
  signIn,
  test,
  untilInstalled,
} from './fixtures.ts';

const server = freshServer();
const TOGGLE = 'checkout.new-flow';
const { setUp, gateProduction, productionOf, strategiesOf, eventsOf, requestInReview, read, move } = changeRequestsOf(
  server,
  TOGGLE,
);

test.beforeAll(setUp);

const noViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

test('an Editor requests production off on a phone; an admin approves and applies it; the flip reaches the server once', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The admin makes production require change requests: Projects, the project, its Environments tab.
  await signIn(page, server().url);
  await page.getByRole('banner').getByRole('link', { name: 'Projects' }).click();
  await page
    .getByRole('link', { name: /^Default/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Environments' }).click();
  const required = page.getByRole('switch', { name: 'Require change requests in production' });
  await required.locator('xpath=..').click();
  await expect(required).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Approvals needed in production' })).toHaveValue('1');
  await noViolations(page);

  // The Editor, on a phone: the production switch asks to request the change.
  const phone = await signedInPage(browser, server().url, EDITOR, PHONE);
  const production = phone.getByRole('switch', { name: `${TOGGLE} in production` });
  await expect(production).toBeChecked();
  await production.locator('xpath=following-sibling::*[1]').tap();
  const ask = phone.getByRole('dialog', { name: 'Request a change in production?' });
  await expect(ask).toContainText(`turning ${TOGGLE} off is added to your change request`);
  await ask.getByRole('button', { name: 'Request change' }).tap();
  const requested = phone.getByRole('dialog', { name: 'Change requested' });
  await expect(requested).toContainText('Added to your change request #1 for production');
  await expect(production).toBeChecked();
  expect(await productionOf(phone)).toBe(true);
  await requested.getByRole('link', { name: 'Open change request' }).tap();
  await expect(phone.getByRole('heading', { name: 'Change request #1' })).toBeVisible();
  await expect(phone.getByText(`Turn ${TOGGLE} off`)).toBeVisible();
  const send = phone.getByRole('button', { name: 'Send to review' });
  await expectTouchTargets([send]);
  await noViolations(phone);
  await send.tap();
  await expect(phone.getByText('In review', { exact: true })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The admin: the header's count, the list, the request, Approve, then Apply.
  const awaiting = page.getByRole('link', { name: '1 change request awaits your approval' });
  await expect(awaiting).toBeVisible({ timeout: 30_000 });
  await awaiting.click();
  await expect(page.getByRole('heading', { name: 'Change requests awaiting you' })).toBeVisible();
  await page.getByRole('link', { name: `#1 in production: ${TOGGLE}` }).click();
  const change = page.getByRole('listitem').filter({ hasText: `Turn ${TOGGLE} off` });
  await expect(change.getByText('Now').locator('xpath=..')).toContainText('On');
  await expect(change.getByText('After this change').locator('xpath=..')).toContainText('Off');
  await noViolations(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(awaiting).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied', { exact: true })).toBeVisible();

  await expect.poll(() => productionOf(page)).toBe(false);
  expect(await eventsOf(page, 'feature-environment-disabled')).toBe(1);
  // The Editor's open request follows the live stream.
  await expect(phone.getByText('Applied', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(production).toHaveCount(0);
});

test('a strategy added where production requires requests is requested; applied, it is there once', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, server().url, EDITOR.email, EDITOR.password);
  const before = await strategiesOf(page);
  await page.goto(`${server().url}/projects/default/features2/${TOGGLE}/strategies?environment=production`);
  await page.getByRole('button', { name: 'Add new strategy' }).click();
  await page
    .getByRole('complementary', { name: 'Add a strategy to production' })
    .getByRole('button', { name: 'Add Gradual rollout' })
    .click();
  const form = page.getByRole('form', { name: 'Configure Gradual rollout' });
  await form.getByRole('button', { name: 'Save strategy' }).click();
  const ask = page.getByRole('dialog', { name: 'Request a change in production?' });
  await expect(ask).toContainText(`adding the Gradual rollout strategy to ${TOGGLE} is added to your change request`);
  await ask.getByRole('button', { name: 'Request change' }).click();
  await page
    .getByRole('dialog', { name: 'Change requested' })
    .getByRole('link', { name: 'Open change request' })
    .click();
  const id = Number(page.url().split('/').at(-1));
  await expect(page.getByText(`Add a Gradual rollout strategy to ${TOGGLE}`)).toBeVisible();
  expect(await strategiesOf(page)).toEqual(before);
  await page.getByRole('button', { name: 'Send to review' }).click();
  await expect(page.getByText('In review', { exact: true })).toBeVisible();

  const adminPage = await signedInPage(browser, server().url);
  await adminPage.getByRole('banner').getByRole('link', { name: 'Projects' }).click();
  await adminPage
    .getByRole('link', { name: /^Default/ })
    .first()
    .click();
  await adminPage.getByRole('tab', { name: 'Change requests' }).click();
  await adminPage.getByRole('combobox', { name: 'State' }).selectOption('In review');
  await adminPage.getByRole('link', { name: `#${id} in production: ${TOGGLE}` }).click();
  await expect(adminPage.getByText('Not there')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Approve' }).click();
  await adminPage.getByRole('button', { name: 'Apply changes' }).click();
  await expect(adminPage.getByText('Applied', { exact: true })).toBeVisible();
  await expect.poll(() => strategiesOf(page)).toEqual([...before, 'flexibleRollout']);
});

test('approving offline on a phone: one tap, sent once when back online; a request changed meanwhile is held', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Two requests of the Editor's, in review: production flipped, and (later cancelled) flipped back.
  await gateProduction();
  const editor = await signedInPage(browser, server().url, EDITOR);
  const before = await productionOf(editor);
  const flipped = before ? 'feature-environment-disabled' : 'feature-environment-enabled';
  const flips = await eventsOf(editor, flipped);
  const flip = await requestInReview(editor, !before);

  const phone = await signedInPage(browser, server().url, undefined, PHONE);
  // The installed app: its service worker holds the console's code for offline use.
  await phone.goto(`${server().url}/projects/default/change-requests/${flip}`);
  await untilInstalled(phone);
  const approve = phone.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible();
  // An answer still on its way when the connection drops would say the server is reachable again.
  await phone.waitForLoadState('networkidle');
  await phone.context().setOffline(true);
  await expect(phone.getByRole('banner').getByText('Offline')).toBeVisible();
  await expect(phone.getByText(/An approval is sent once the connection is back/)).toBeVisible();
  await approve.tap();
  await expect(phone.getByText(/Your approval waits to be sent/)).toBeVisible();
  await expect(phone.getByRole('button', { name: '1 change waiting' })).toBeVisible();
  await phone.context().setOffline(false);
  await expect(phone.getByText('Approved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText(/Your approval waits to be sent/)).toBeHidden();
  await phone.getByRole('button', { name: 'Apply changes' }).tap();
  await expect(phone.getByText('Applied', { exact: true })).toBeVisible();
  expect(await productionOf(editor)).toBe(!before);
  expect(await eventsOf(editor, flipped)).toBe(flips + 1);

  // Approved offline, but the Editor cancels the request meanwhile: the approval is held, with the refresh notice.
  const back = await requestInReview(editor, before);
  await phone.goto(`${server().url}/projects/default/change-requests/${back}`);
  await expect(approve).toBeVisible();
  // An answer still on its way when the connection drops would say the server is reachable again.
  await phone.waitForLoadState('networkidle');
  await phone.context().setOffline(true);
  await expect(phone.getByRole('banner').getByText('Offline')).toBeVisible();
  await approve.tap();
  await expect(phone.getByText(/Your approval waits to be sent/)).toBeVisible();
  await move(editor, back, 'Cancelled');
  await phone.context().setOffline(false);
  const notice = phone.getByRole('alert').filter({ hasText: 'The configuration was changed elsewhere.' });
  await expect(notice).toContainText(`"change request #${back}" was changed elsewhere after this change was made`);
  await expect(phone.getByText(/Your approval is held/)).toBeVisible();
  expect((await read(editor, back)).approvals).toEqual([]);
  expect(await productionOf(editor)).toBe(!before);
});

test('approving offline in a plain tab, which no service worker controls: queued, and sent once when back online', async ({
  browser,
}) => {
  // A first visit in a browser tab: no service worker holds the console's code (blocked here, so none can take over
  // before the connection drops). The approval's queue must still be there offline.
  await gateProduction();
  const editor = await signedInPage(browser, server().url, EDITOR);
  const before = await productionOf(editor);
  const id = await requestInReview(editor, !before);
  const tab = await signedInPage(browser, server().url, undefined, { ...PHONE, serviceWorkers: 'block' });
  await tab.goto(`${server().url}/projects/default/change-requests/${id}`);
  const approve = tab.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible();
  expect(await tab.evaluate(() => !!navigator.serviceWorker?.controller)).toBe(false);
  // The page fetches the queue's code (its storage chunk) once it has loaded and knows who is signed in: a person
  // takes longer than that to lose the connection, a test need not.
  await expect
    .poll(() =>
      tab.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/assets\/storage-[^/]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  // An answer still on its way when the connection drops would say the server is reachable again.
  await tab.waitForLoadState('networkidle');
  await tab.context().setOffline(true);
  await expect(tab.getByRole('banner').getByText('Offline')).toBeVisible();
  await approve.tap();
  await expect(tab.getByText(/Your approval waits to be sent/)).toBeVisible();
  await expect(tab.getByRole('button', { name: '1 change waiting' })).toBeVisible();
  await tab.context().setOffline(false);
  await expect(tab.getByText('Approved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(tab.getByText(/Your approval waits to be sent/)).toBeHidden();
  const approved = await read(editor, id);
  expect(approved.state).toBe('Approved');
  expect(approved.approvals).toHaveLength(1);
  expect(await productionOf(editor)).toBe(before);
  await move(editor, id, 'Cancelled');
});

test('scheduling on a phone, in the dark: the dialog sends the window, the request shows it, and "Apply now" applies it at once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // When the server applies a schedule and turns its window back is proven by its own tests
  // (server/change-requests/schedule*.test.ts); this one checks what the console sends and shows, far from the times.
  await gateProduction();
  const editor = await signedInPage(browser, server().url, EDITOR);
  const before = await productionOf(editor);
  const flipped = before ? 'feature-environment-disabled' : 'feature-environment-enabled';
  const flips = await eventsOf(editor, flipped);
  const id = await requestInReview(editor, !before);

  const phone = await signedInPage(browser, server().url, undefined, { ...PHONE, colorScheme: 'dark' });
  await move(phone, id, 'Approved');
  await phone.goto(`${server().url}/projects/default/change-requests/${id}`);
  await phone.getByRole('button', { name: 'Schedule' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Schedule change request #${id}` });
  // A window from 02:00 to 04:00 the day after tomorrow, in the browser's zone, and those times as the page shows them.
  const planned = await phone.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 2);
    const at = (hour: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0);
    const two = (n: number) => String(n).padStart(2, '0');
    const shown = new Intl.DateTimeFormat(navigator.language, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return {
      date: `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`,
      scheduledAt: at(2).toISOString(),
      revertAt: at(4).toISOString(),
      applies: shown.format(at(2)),
      turnsBack: shown.format(at(4)),
    };
  });
  await dialog.getByLabel('Date').fill(planned.date);
  await dialog.getByLabel(/^Time/).fill('02:00');
  await dialog.getByLabel(/^Turn back at/).fill('04:00');
  await expect(dialog).toContainText(`The changes are turned back ${planned.turnsBack}.`);
  await expectTouchTargets([
    dialog.getByLabel('Date'),
    dialog.getByLabel(/^Time/),
    dialog.getByRole('button', { name: 'Schedule' }),
  ]);
  await noViolations(phone);
  await phone.screenshot({ path: test.info().outputPath('schedule-dialog-phone-dark.png') });
  const sent = phone.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/${id}/state`));
  await dialog.getByRole('button', { name: 'Schedule' }).tap();
  expect((await sent).postDataJSON()).toEqual({
    state: 'Scheduled',
    scheduledAt: planned.scheduledAt,
    revertAt: planned.revertAt,
  });
  await expect(dialog).toBeHidden();
  await expect(phone.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(phone.getByText(`Applies at ${planned.applies}`, { exact: true })).toBeVisible();
  await expect(phone.getByText(`Turns back at ${planned.turnsBack}`, { exact: true })).toBeVisible();
  await noViolations(phone);
  expect(await read(editor, id)).toMatchObject({
    state: 'Scheduled',
    scheduledAt: planned.scheduledAt,
    revertAt: planned.revertAt,
  });
  expect(await productionOf(editor)).toBe(before);

  // "Apply now": asked first, then applied at once; the window still turns the change back at its end.
  await phone.getByRole('button', { name: 'Apply now' }).tap();
  const ask = phone.getByRole('dialog', { name: `Apply change request #${id} now?` });
  await expect(ask).toContainText(`It is scheduled for ${planned.applies}.`);
  await expectTouchTargets([ask.getByRole('button', { name: 'Apply now' })]);
  await noViolations(phone);
  await phone.screenshot({ path: test.info().outputPath('apply-now-phone-dark.png') });
  await ask.getByRole('button', { name: 'Apply now' }).tap();
  await expect(ask).toBeHidden();
  await expect(phone.getByText('Applied', { exact: true })).toBeVisible();
  await expect(phone.getByText(`Turns back at ${planned.turnsBack}`, { exact: true })).toBeVisible();
  const change = phone.getByRole('listitem').filter({ hasText: `Turn ${TOGGLE} ${before ? 'off' : 'on'}` });
  await expect(change.getByText('Now').locator('xpath=..')).toContainText(before ? 'Off' : 'On');
  expect(await productionOf(editor)).toBe(!before);
  expect(await eventsOf(editor, flipped)).toBe(flips + 1);
  expect(await read(editor, id)).toMatchObject({ state: 'Applied', revertAt: planned.revertAt, revertedAt: null });
  await expect(phone.getByRole('list', { name: "At the window's end" })).toContainText(
    `Turn ${TOGGLE} ${before ? 'on' : 'off'}`,
  );
  await phone.screenshot({ path: test.info().outputPath('applied-now-phone-dark.png'), fullPage: true });
});
