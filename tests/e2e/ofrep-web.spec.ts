// OFREP in a browser: OpenFeature's web SDK with its OFREP web provider, bundled by esbuild into a page served from
// another origin (a second loopback port), reads toggles with a frontend token once that origin is allowed through
// the frontend API's CORS setting; an origin that is not allowed gets no answer the page may read. A real server on
// a fresh data folder, Debian's Chromium.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { adminApiOf, expect, freshServer, test } from './fixtures.ts';

const server = freshServer();
const adminApi = adminApiOf(server);

/** The page's script: the web SDK and the OFREP web provider, as an application bundles them. */
const ENTRY = `
import { OpenFeature } from '@openfeature/web-sdk';
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
Object.assign(window, { OpenFeature, OFREPWebProvider });
`;

let page: { server: Server; url: string };
let frontendToken: string;

test.beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: resolve(import.meta.dirname, '../..'), loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const html = `<!doctype html><title>Shop</title><script>${bundle.outputFiles[0].text}</script>`;
  const pageServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => pageServer.listen(0, '127.0.0.1', done));
  page = { server: pageServer, url: `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}` };

  await adminApi('POST', 'api/admin/features', {
    name: 'shop.banner',
    enabled: true,
    strategies: [{ name: 'userWithId', parameters: { userIds: 'alice' } }],
  });
  await adminApi('POST', 'api/admin/features', {
    name: 'shop.theme',
    enabled: true,
    strategies: [{ name: 'default' }],
    variants: [{ name: 'dark', weight: 1000, payload: { type: 'string', value: 'midnight' } }],
  });
  const token = await adminApi('POST', 'api/admin/api-tokens', {
    username: 'shop-web',
    type: 'frontend',
    project: 'default',
    environment: 'default',
  });
  frontendToken = token.secret;
});

test.afterAll(async () => {
  await new Promise((done) => page?.server.close(done));
});

/** In the page: the provider started for `alice` against the server, and what the client reads (or the failure). */
function readFlags(browserPage: Page) {
  return browserPage.evaluate(
    async ({ baseUrl, token }) => {
      const { OpenFeature, OFREPWebProvider } = window as unknown as {
        OpenFeature: typeof import('@openfeature/web-sdk').OpenFeature;
        OFREPWebProvider: typeof import('@openfeature/ofrep-web-provider').OFREPWebProvider;
      };
      await OpenFeature.setContext({ targetingKey: 'alice' });
      const provider = new OFREPWebProvider({
        baseUrl,
        headers: [['Authorization', `Bearer ${token}`]],
        pollInterval: 0,
        cacheMode: 'disabled',
      });
      try {
        await OpenFeature.setProviderAndWait(provider);
      } catch (error) {
        return { started: false, error: String(error) };
      }
      const client = OpenFeature.getClient();
      const banner = client.getBooleanDetails('shop.banner', false);
      return {
        started: true,
        banner: { value: banner.value, reason: banner.reason },
        theme: client.getStringValue('shop.theme', 'light'),
      };
    },
    { baseUrl: server().url, token: frontendToken },
  );
}

/** In the page: whether a plain fetch of the bulk call gets an answer the page may read. */
function pageMayRead(browserPage: Page) {
  return browserPage.evaluate(
    async ({ url, token }) => {
      try {
        const response = await fetch(`${url}/ofrep/v1/evaluate/flags`, {
          method: 'POST',
          headers: { Authorization: token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ context: { targetingKey: 'alice' } }),
        });
        return `${response.status} ${response.headers.get('etag') ? 'with' : 'without'} ETag`;
      } catch {
        return 'refused';
      }
    },
    { url: server().url, token: frontendToken },
  );
}

test('a page of an allowed origin reads its flags through the OFREP web provider', async ({ page: browserPage }) => {
  await adminApi('POST', 'api/admin/ui-config/cors', { frontendApiOrigins: [page.url] });
  await browserPage.goto(page.url);
  expect(await readFlags(browserPage)).toEqual({
    started: true,
    banner: { value: true, reason: 'TARGETING_MATCH' },
    theme: 'midnight',
  });
  expect(await pageMayRead(browserPage)).toBe('200 with ETag');
});

test('a page of another origin gets no answer', async ({ page: browserPage }) => {
  await adminApi('POST', 'api/admin/ui-config/cors', { frontendApiOrigins: ['https://shop.example.com'] });
  await browserPage.goto(page.url);
  expect(await pageMayRead(browserPage)).toBe('refused');
  expect(await readFlags(browserPage)).toMatchObject({ started: false });
});
