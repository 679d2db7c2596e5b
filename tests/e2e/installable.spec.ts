// The console is installable. The manifest parses with every field an install needs and
// icons that load, the service worker controls the page, and an offline navigation still returns the shell.
// Run under a base path so that start_url, scope and the worker's URLs are proven relative.
import { expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer({ BASE_URI_PATH: '/yard' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

test('the manifest, the service worker and the offline shell make the console installable', async ({
  page,
  context,
}) => {
  const { url } = server();
  await signIn(page, url);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, page.url()).href;
  expect(manifestUrl).toBe(`${url}/manifest.webmanifest`);
  const response = await page.request.get(manifestUrl);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };

  expect(manifest.name).toBe('Switchyard');
  expect(typeof manifest.short_name).toBe('string');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // start_url and scope resolve under the base path.
  expect(new URL(String(manifest.start_url), manifestUrl).href.startsWith(`${url}/`)).toBe(true);
  expect(new URL(String(manifest.scope), manifestUrl).href).toBe(`${url}/`);

  const sizes = (purpose: string) =>
    manifest.icons.filter((i) => (i.purpose ?? 'any').split(' ').includes(purpose)).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');
  for (const icon of manifest.icons) {
    const iconResponse = await page.request.get(new URL(icon.src, manifestUrl).href);
    expect(iconResponse.ok(), icon.src).toBe(true);
    const [width, height] = icon.sizes.split('x').map(Number);
    const dimensions = await page.evaluate(
      `new Promise((resolve, reject) => { const img = new Image(); img.onload = () => resolve([img.naturalWidth, img.naturalHeight]); img.onerror = reject; img.src = ${JSON.stringify(new URL(icon.src, manifestUrl).href)}; })`,
    );
    expect(dimensions, icon.src).toEqual([width, height]);
  }

  // The worker takes control (the first load registers it; clients.claim or a reload hands it the page).
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker.ready.then(r => r.active && r.active.state)'), {
      timeout: 20_000,
    })
    .toBe('activated');
  if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
  expect(await page.evaluate('navigator.serviceWorker.controller.scriptURL')).toMatch(new RegExp(`^${url}/`));

  // Offline, a navigation to any console path is answered from the precache with the shell.
  await context.setOffline(true);
  const offline = await page.goto(`${url}/features`);
  expect(offline?.status()).toBe(200);
  expect(await offline?.text()).toContain('<div id="root">');
  await expect(page.getByRole('banner')).toBeVisible();
  await context.setOffline(false);
});
