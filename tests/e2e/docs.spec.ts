// The API reference at {base}/docs renders in Chromium from the server alone (no other origin).
import { expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer({ BASE_URI_PATH: '/yard' });

test('the API reference renders every route from the OpenAPI document, with no request to another origin', async ({
  page,
}) => {
  const { url } = server();
  const origin = new URL(url).origin;
  // Signed in, with the console's service worker in control: /docs is still the server's page, not the shell.
  await signIn(page, url);
  // A function, not source text: the Content-Security-Policy forbids eval.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await page.goto(`${url}/docs`);
  // swagger-ui's bundle is 1.4 MB of JavaScript: on a busy 2-core machine it can take longer than the default wait.
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible({ timeout: 45_000 });
  // Operations are grouped by tag, every tag open; swagger-ui draws only the operations near the viewport, so the page
  // is scrolled until a route of the toggle API and one of the SDK API have been drawn.
  await expect(page.locator('.opblock-tag').first()).toBeVisible();
  for (const path of ['/yard/api/admin/features/{featureName}', '/yard/api/client/features']) {
    const operation = page.locator('.opblock-summary-path', { hasText: path }).first();
    for (let step = 0; step < 400 && !(await operation.isVisible()); step++) await page.mouse.wheel(0, 400);
    await expect(operation).toBeVisible();
  }
  expect(elsewhere).toEqual([]);
});
