// CORS origins, as an admin goes: from the Configure menu at 1280x800 an origin is added and saved, and it is still
// there after a reload; a path in an origin is refused before sending with the server's message, an origin too long
// for the server is refused by it with its message on that line, and a narrowed list is what the frontend API's
// preflights then follow. The page is keyboard reachable with a visible focus and axe clean in light and dark. At
// 390x844 the same through the navigation drawer, by touch, every target on the page 44 px. A Viewer sees the list
// read-only, Save locked. A real server on a fresh data folder, Debian's Chromium.
import type { Page } from '@playwright/test';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { seriousViolations } from '../support/axe.ts';
import { expectFitsPhone, smallTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const adminApi = adminApiOf(server);
const VIEWER = { email: 'vera.cors@example.com', name: 'Vera Viewer', password: 'Viewer-pass-123!' };
const SAVED = 'CORS origins saved. The frontend API answers these origins from now on.';

test.beforeAll(async () => {
  await adminApi('POST', 'api/admin/user-admin', { ...VIEWER, rootRole: 3 });
});

const originsField = (page: Page) => page.getByRole('textbox', { name: 'Allowed origins' });
const saveButton = (page: Page) =>
  page.getByRole('form', { name: 'CORS origins' }).getByRole('button', { name: 'Save' });

/** The server's 400 message for a list, asked directly with the page's session (as the console sends it). */
async function serverRefusal(page: Page, frontendApiOrigins: string[]) {
  const answer = await page.request.post(`${server().url}/api/admin/ui-config/cors`, {
    data: { frontendApiOrigins },
    headers: { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE },
  });
  expect(answer.status()).toBe(400);
  return ((await answer.json()) as { details: { message: string }[] }).details[0].message;
}

/** The Access-Control-Allow-Origin the frontend API's preflight gives a page on `origin` (null: refused). */
async function allowedFor(origin: string) {
  const answer = await fetch(`${server().url}/api/frontend`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
  });
  return answer.headers.get('access-control-allow-origin');
}

/** No serious or critical axe finding on the page, in the scheme the system asks for (the console follows it). */
async function expectAxeClean(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  expect(await seriousViolations(page), scheme).toEqual([]);
}

test('an admin adds an origin from the Configure menu; bad ones are refused with the server’s message', async ({
  page,
}) => {
  await signIn(page, server().url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'CORS origins' }).click();
  await expect(page).toHaveURL(/\/admin\/cors$/);
  await expect(page.getByRole('heading', { name: 'CORS origins', level: 1 })).toBeVisible();
  const field = originsField(page);
  await expect(field).toHaveValue('*');
  await expectAxeClean(page, 'light');
  await expectAxeClean(page, 'dark');

  // Added on a line of its own, saved, and kept.
  await field.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n https://shop.example.com \n');
  // The keyboard reaches Save from the field, and its focus shows.
  await page.keyboard.press('Tab');
  await expect(saveButton(page)).toBeFocused();
  expect(await saveButton(page).evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(field).toHaveValue('*\nhttps://shop.example.com');
  await page.reload();
  await expect(originsField(page)).toHaveValue('*\nhttps://shop.example.com');
  expect(await adminApi('GET', 'api/admin/ui-config/cors')).toEqual({
    frontendApiOrigins: ['*', 'https://shop.example.com'],
  });

  // A path is not part of an origin: refused before sending, with the message the server gives.
  await field.fill('*\nhttps://shop.example.com\nhttps://shop.example.com/cart');
  await saveButton(page).click();
  const pathRefused = await serverRefusal(page, ['*', 'https://shop.example.com', 'https://shop.example.com/cart']);
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`^Line 3, "https://shop\\.example\\.com/cart": ${escaped(pathRefused)}`),
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page, 'light');

  // An origin longer than the server keeps: sent, refused by the server, its message shown on that line.
  const long = `https://${'a'.repeat(500)}.example`;
  const tooLong = await serverRefusal(page, ['*', long]);
  await field.fill(`*\n${long}`);
  await saveButton(page).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(`^Line 2, "https://a+…": ${escaped(tooLong)}`));
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await adminApi('GET', 'api/admin/ui-config/cors')).toEqual({
    frontendApiOrigins: ['*', 'https://shop.example.com'],
  });

  // Narrowed to the shop: the frontend API's preflights follow at once.
  expect(await allowedFor('https://elsewhere.example')).toBe('*');
  await field.fill('https://shop.example.com');
  await saveButton(page).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  expect(await allowedFor('https://shop.example.com')).toBe('https://shop.example.com');
  expect(await allowedFor('https://elsewhere.example')).toBeNull();
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('an admin adds an origin through the navigation drawer, by touch', async ({ page }) => {
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'CORS origins' }).tap();
    await expect(page).toHaveURL(/\/admin\/cors$/);
    const field = originsField(page);
    const before = await field.inputValue();
    await expectFitsPhone(page, [field, saveButton(page)]);
    expect(await smallTargets(page), 'targets under 44 px anywhere on the page').toEqual([]);
    await expectAxeClean(page, 'light');
    await expectAxeClean(page, 'dark');

    await field.tap();
    await field.fill(`${before}\nhttp://localhost:3000`);
    await saveButton(page).tap();
    await expect(page.getByText(SAVED)).toBeVisible();
    await page.reload();
    await expect(originsField(page)).toHaveValue(`${before}\nhttp://localhost:3000`);
  });
});

test('a Viewer sees the origins read-only, Save locked', async ({ page }) => {
  await signIn(page, server().url, VIEWER.email, VIEWER.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'CORS origins' }).click();
  const field = originsField(page);
  const { frontendApiOrigins } = await adminApi('GET', 'api/admin/ui-config/cors');
  await expect(field).toHaveValue(frontendApiOrigins.join('\n'));
  await expect(field).toHaveAttribute('readonly');
  await expect(field).toHaveAccessibleDescription(/Only admins can change them\.$/);
  await expect(saveButton(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(saveButton(page)).toHaveAccessibleDescription("You don't have access to perform this operation");
  // The whole page: the header's avatar shows this user's two-letter initials, which its name must hold.
  await expectAxeClean(page, 'light');
  await expectAxeClean(page, 'dark');
});
