// The shell: a fresh server, sign in as admin, the shell, the profile popup, a locale that survives a
// reload, the 404 page, and a logout that really ends the session.
import { expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer();

test('a new admin signs in, uses the shell, and logs out', async ({ page }) => {
  const { url } = server();
  await signIn(page, url);

  // The shell: header navigation, footer API details, and the admin menu for an admin.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feature toggles' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Switchyard');

  // The profile popup opens and shows who is signed in.
  await page.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog');
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Update password' })).toBeVisible();

  // A locale chosen there survives a reload.
  await profile.getByLabel('Date/Time formatting').selectOption('nb-NO');
  await page.reload();
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('dialog').getByLabel('Date/Time formatting')).toHaveValue('nb-NO');
  await page.keyboard.press('Escape');

  // An unknown path shows the not-found page; 'Go home' leads back to the feature list.
  await page.goto(`${url}/no/such/page`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: "Ooops. That's a page we haven't toggled on yet." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  await page.getByRole('button', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/features$/);

  // Logout ends the session on the server: the next API call is a 401 and the console shows /login.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const after = await page.request.get(`${url}/api/admin/user`);
  expect(after.status()).toBe(401);
  await page.goto(`${url}/features`);
  await expect(page).toHaveURL(/\/login/);
});

test("a first visit asks for the first screens' code with the page, not once the console has started", async ({
  page,
}) => {
  const { url } = server();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const initiators: Record<string, string> = {};
  cdp.on('Network.requestWillBeSent', (event) => {
    const chunk = /\/assets\/(login|layout|feature-list)-[^/]+\.js$/.exec(event.request.url)?.[1];
    if (chunk) initiators[chunk] = event.initiator.type;
  });
  await signIn(page, url);
  await expect(page.getByRole('heading', { name: 'Feature toggles' })).toBeVisible();
  // 'parser': index.html's preload links; the router's own loads (the console's script) would be 'script'.
  expect(initiators).toEqual({ login: 'parser', layout: 'parser', 'feature-list': 'parser' });
});
