// CSRF: a page on another port of the same host (the same site, so the browser sends the
// SameSite=Lax session cookie along) cannot change anything with the admin's session (a no-cors fetch, a beacon, a
// form) nor sign the admin out (a POST, an image of {base}/logout), and the console refuses to render inside that
// page's frame. A real server, Debian's Chromium, and a second plain HTTP server on 127.0.0.1 serving the
// attacker's pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from '@playwright/test';
import { apiOf, expect, freshServer, signIn, test } from '../e2e/fixtures.ts';

const server = freshServer();
const TOGGLE = 'csrf.target';

/** The attacker's pages, each doing one thing to the target as soon as it loads. */
function attackerPages(target: string): Record<string, string> {
  const toggle = `${target}/api/admin/features/${TOGGLE}`;
  const page = (body: string) => `<!doctype html><html><head><title>attacker</title></head><body>${body}</body></html>`;
  return {
    '/fetch': page(`<script>
      fetch(${JSON.stringify(`${toggle}/toggle/on`)}, { method: 'POST', mode: 'no-cors', credentials: 'include' })
        .then(() => { document.title = 'sent'; }, () => { document.title = 'failed'; });
    </script>`),
    '/beacon': page(`<script>
      document.title = navigator.sendBeacon(${JSON.stringify(`${toggle}/stale/on`)}) ? 'sent' : 'failed';
    </script>`),
    '/form': page(`<form method="POST" action="${toggle}/toggle/on"></form>
      <script>document.forms[0].submit();</script>`),
    '/logout-fetch': page(`<script>
      fetch(${JSON.stringify(`${target}/logout`)}, { method: 'POST', mode: 'no-cors', credentials: 'include' });
    </script>`),
    '/logout-img': page(`<img src="${target}/logout" onload="document.title = 'loaded'"
      onerror="document.title = 'not an image'">`),
    '/frame': page(`<iframe src="${target}/features" width="800" height="600"
      onload="document.title = 'framed'"></iframe>`),
  };
}

let attacker: Server | undefined;
let attackerUrl: string;
test.beforeAll(async () => {
  const pages = attackerPages(server().url);
  const site = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(html ?? 'not here');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  attacker = site;
  attackerUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve())));

/** The admin API with the page's session, as the console calls it. */
const api = apiOf(server);

test('a page on another port cannot flip a toggle by fetch, beacon or form, sign out, nor frame the console', async ({
  page,
}) => {
  const { url } = server();
  expect(new URL(attackerUrl).hostname).toBe(new URL(url).hostname); // same host, so the same site
  await signIn(page, url);
  await api(page, 'POST', 'api/admin/features', { name: TOGGLE, enabled: false, strategies: [{ name: 'default' }] });

  // Each forged request reaches the server with the session cookie (the same site) and is refused there. A
  // no-cors answer is then also withheld from the attacker's page (Cross-Origin-Resource-Policy: same-origin).
  const toggle = `${url}/api/admin/features/${TOGGLE}`;
  const attacks = [
    { path: '/fetch', endpoint: `${toggle}/toggle/on`, refused: /^403$|ERR_BLOCKED_BY_RESPONSE/ },
    { path: '/beacon', endpoint: `${toggle}/stale/on`, refused: /^403$|ERR_BLOCKED_BY_RESPONSE/ },
    { path: '/form', endpoint: `${toggle}/toggle/on`, refused: /^(403|415)$/ }, // a form sends no JSON
    { path: '/logout-fetch', endpoint: `${url}/logout`, refused: /^403$|ERR_BLOCKED_BY_RESPONSE/ },
    // GET {base}/logout signs nobody out: it is the console's page, which an image cannot be (a 404).
    { path: '/logout-img', endpoint: `${url}/logout`, refused: /^404$|ERR_BLOCKED_BY_RESPONSE/ },
  ];
  const cookies = new Map<string, string | null | undefined>();
  for (const attack of attacks) {
    const target = (request: Request) => request.url() === attack.endpoint;
    // Settled once the server has answered: a finished request, or one whose answer the browser withheld.
    const settled = Promise.race([
      page.waitForEvent('requestfinished', target).then(async (request) => ({
        outcome: String((await request.response())?.status()),
        cookie: await request.headerValue('cookie'),
      })),
      page.waitForEvent('requestfailed', target).then((request) => ({
        outcome: request.failure()?.errorText ?? 'failed',
        cookie: undefined,
      })),
    ]);
    await page.goto(`${attackerUrl}${attack.path}`);
    const { outcome, cookie } = await settled;
    expect(outcome, attack.path).toMatch(attack.refused);
    cookies.set(attack.path, cookie);
  }
  // The form's navigation (a request the browser reports in full) shows what each carried: the admin's session.
  expect(cookies.get('/form')).toMatch(/unleash-session=/);
  const after = await api(page, 'GET', `api/admin/features/${TOGGLE}`);
  expect(after).toMatchObject({ enabled: false, stale: false });

  // The console in the attacker's frame: Chromium refuses to render it (frame-ancestors 'none', X-Frame-Options).
  const refused = page.waitForEvent('console', (message) => /frame-ancestors|X-Frame-Options/.test(message.text()));
  await page.goto(`${attackerUrl}/frame`);
  await expect(page).toHaveTitle('framed');
  await refused;
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  expect(await frame!.locator('#root').count()).toBe(0);
  await expect(frame!.getByText('Feature toggles')).toHaveCount(0);

  // The admin is still signed in, after the forged sign-outs too.
  await page.goto(`${url}/features`);
  await expect(page).toHaveURL(/\/features$/);
  const stillSignedIn = await api(page, 'GET', 'api/admin/user');
  expect(stillSignedIn.user.username).toBe('admin');
});
