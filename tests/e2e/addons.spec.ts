// Addons, as a new user goes: from the Configure menu at 1280x800, a webhook addon is configured to
// post to a real HTTP receiver on loopback (its URL, a sensitive parameter, carries a secret); a toggle created
// through the API reaches the receiver and the delivery shows in the addon's log on its edit page. The secret never
// appears in an API answer the page received nor in the page; the switch disables the addon and Delete (after the
// browser's confirm) removes it. At 390x844, from the phone drawer, the screens fit and targets are at least 44 px.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { freePort } from '../support/server.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);

/** A webhook receiver on loopback: it answers 200 and keeps every request's path and body. */
const received: Array<{ path: string; body: string }> = [];
const arrivals: Array<() => void> = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      arrivals.splice(0).forEach((arrived) => arrived());
      response.writeHead(200).end('ok');
    });
  });
  const port = await freePort();
  await new Promise<void>((listening) => receiver.listen(port, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await new Promise((closed) => receiver.close(closed));
});

/** Resolves once the receiver holds a request whose body includes `text`. */
async function receivedWith(text: string) {
  while (!received.some((r) => r.body.includes(text))) await new Promise<void>((arrived) => arrivals.push(arrived));
  return received.find((r) => r.body.includes(text))!;
}

/** Every API answer body the page receives from now on (not the live event stream's, which never ends). */
function collectAnswers(page: Page) {
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    const stream = response.headers()['content-type']?.startsWith('text/event-stream');
    if (new URL(response.url()).pathname.startsWith('/api/') && !stream) answers.push(response.text().catch(() => ''));
  });
  return async () => Promise.all(answers);
}

test('a webhook addon configured in the console delivers an event and shows it in its log', async ({ page }) => {
  test.setTimeout(180_000);
  const secret = randomBytes(12).toString('hex');
  const hookUrl = `${receiverUrl}/hook/${secret}`;
  const answers = collectAnswers(page);
  await signIn(page, server().url);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'Addons' }).click();
  await expect(page).toHaveURL(/\/addons$/);
  await expect(page.getByText('No addons configured')).toBeVisible();
  await page.getByRole('list', { name: 'Available addons' }).getByRole('button', { name: 'Configure Webhook' }).click();

  const form = page.getByRole('form', { name: 'Configure Webhook addon' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('You must listen to at least one event')).toBeVisible();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Webhook URL' }).fill(hookUrl);
  await form.getByRole('textbox', { name: 'Description' }).fill('Deploy notifier');
  await form.getByRole('checkbox', { name: 'feature-created' }).check();
  await expect(form.getByText('You must listen to at least one event')).toBeHidden();
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/addons$/);
  await expect(page.getByText('Addon created successfully')).toBeVisible();
  const configured = page.getByRole('list', { name: 'Configured addons' });
  await expect(configured.getByRole('listitem')).toHaveCount(1);
  await expect(configured).toContainText('Deploy notifier');
  await expect(configured).toContainText('feature-created');

  // An event: a toggle is created; the receiver gets it at the secret path.
  await call('POST', 'api/admin/features', { name: 'checkout.addon-demo', description: 'Sends a hook' });
  const delivery = await receivedWith('checkout.addon-demo');
  expect(delivery.path).toBe(`/hook/${secret}`);
  expect(JSON.parse(delivery.body)).toMatchObject({ type: 'feature-created' });

  await configured.getByRole('button', { name: 'Edit Webhook' }).click();
  const edit = page.getByRole('form', { name: 'Edit Webhook addon' });
  await expect(edit.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('*****');
  await expect(edit.getByRole('checkbox', { name: 'feature-created' })).toBeChecked();
  const log = page.getByRole('list', { name: 'Delivery log' }).getByRole('listitem');
  // The log refreshes itself while shown; the worker may record the attempt moments after the receiver answered.
  await expect(log.filter({ hasText: 'feature-created · checkout.addon-demo' })).toContainText('HTTP 200', {
    timeout: 60_000,
  });
  await expect(log.first()).toContainText('delivered');
  expect(await page.content()).not.toContain(secret);

  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/addons$/);
  const enabled = configured.getByRole('switch', { name: 'Webhook enabled' });
  await expect(enabled).toBeChecked();
  // The switch's input is hidden in its 44 px label; a tap on the label flips it.
  await enabled.locator('xpath=ancestor::label[1]').click();
  await expect(enabled).not.toBeChecked();
  await expect(page.getByText('Addon disabled')).toBeVisible();
  await expect(configured).toContainText('(Disabled)');
  const [addon] = (await call('GET', 'api/admin/addons')).addons;
  expect(addon).toMatchObject({ enabled: false, description: 'Deploy notifier', parameters: { url: '*****' } });
  expect(await page.content()).not.toContain(secret);

  page.once('dialog', (dialog) => void dialog.accept());
  await configured.getByRole('button', { name: 'Delete Webhook' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(page.getByText('No addons configured')).toBeVisible();
  expect((await call('GET', 'api/admin/addons')).addons).toEqual([]);

  const bodies = await answers();
  expect(bodies.length).toBeGreaterThan(5);
  expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the list and the form fit the screen and their targets are at least 44 px', async ({ page }) => {
    await call('POST', 'api/admin/addons', {
      provider: 'slack',
      description: 'Team channel',
      parameters: { url: `${receiverUrl}/slack`, defaultChannel: 'releases' },
      events: ['feature-created', 'feature-updated'],
    });
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Addons' }).tap();
    const configured = page.getByRole('list', { name: 'Configured addons' });
    await expect(configured).toContainText('Team channel');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    const targets = [
      configured.getByRole('switch', { name: 'Slack enabled' }),
      configured.getByRole('button', { name: 'Edit Slack' }),
      configured.getByRole('button', { name: 'Delete Slack' }),
      ...(await page.getByRole('list', { name: 'Available addons' }).getByRole('button').all()),
    ];
    expect(targets.length).toBe(7);
    await expectTouchTargets(targets);

    await configured.getByRole('button', { name: 'Edit Slack' }).tap();
    const form = page.getByRole('form', { name: 'Edit Slack addon' });
    await expect(form.getByRole('textbox', { name: 'Default channel' })).toHaveValue('releases');
    await expect(page.getByText('Nothing delivered yet')).toBeVisible();
    expect(await fits()).toBe(true);
    await expectTouchTargets([
      ...(await form.getByRole('checkbox').all()),
      form.getByRole('button', { name: 'Update' }),
      form.getByRole('button', { name: 'Cancel' }),
    ]);
  });
});
