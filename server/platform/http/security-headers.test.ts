import { get } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CallResult } from '../../test-support/harness.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';
import { useConsoleDist } from '../../test-support/console-dist.ts';

const ADMIN_TOKEN = '*:*.headers-admin-token-000000000';
const CLIENT_TOKEN = 'default:development.headers-client-token-00000';

const dist = useConsoleDist({
  'index.html':
    '<html><head><base href="::baseUriPath::/"><script type="module" src="./assets/app-Ab12Cd34.js"></script></head></html>',
  'assets/app-Ab12Cd34.js': 'console.log("console")',
  'manifest.webmanifest': '{"name":"Switchyard"}',
});

useServer({
  env: { BASE_URI_PATH: '/yard', INIT_ADMIN_API_TOKENS: ADMIN_TOKEN, INIT_CLIENT_API_TOKENS: CLIENT_TOKEN },
  build: { distDir: dist },
});
beforeAll(async () => {
  const created = await server.call('POST', 'api/admin/projects/default/features', {
    cookie: admin,
    body: { name: 'cached' },
  });
  expect(created.status).toBe(201);
});

/** The CSP's directives by name. */
function policy(answer: CallResult): Map<string, string[]> {
  const header = answer.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(answer: CallResult) {
  const csp = policy(answer);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]); // no inline script, no eval, no other origin
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false); // a plain-HTTP install must keep loading its files
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
  expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
  expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe('every answer carries the security headers', () => {
  it('API answers, errors and 404s, the client API, sign-in, health, a URL the router refuses', async () => {
    const answers = [
      await server.call('GET', 'api/admin/features', { cookie: admin }),
      await server.call('GET', 'api/admin/features'), // 401
      await server.call('POST', 'api/admin/features', { cookie: admin, rawBody: '{' }), // 400
      await server.call('GET', 'api/admin/nothing-here', { cookie: admin }), // 404
      await server.call('POST', 'auth/simple/login', { body: { username: 'admin', password: 'wrong' } }),
      await server.call('GET', 'health'),
      await server.call('GET', 'api/admin/features/a%zzb', { cookie: admin }), // refused by the router itself
    ];
    for (const answer of answers) expectSecurityHeaders(answer);
    expect(answers.at(-1)!.status).toBe(400);
  });

  it('the console (index.html for every client route, its unhashed files) and the API reference', async () => {
    for (const path of ['', 'features', 'projects/default/features/x/strategies']) {
      const page = await server.call('GET', path, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<script type="module" src="./assets/app-Ab12Cd34.js">');
      expectSecurityHeaders(page);
    }
    expectSecurityHeaders(await server.call('GET', 'manifest.webmanifest'));
    const docs = await server.call('GET', 'docs', { headers: { accept: 'text/html' } });
    expect(docs.status).toBe(200);
    expect(docs.text).not.toMatch(/<script>|<script\s+(?![^>]*\bsrc=)[^>]*>/); // every script of the page is a file
    expectSecurityHeaders(docs);
    expectSecurityHeaders(await server.call('GET', 'docs/openapi.json'));
  });
});

/** An answer's head as it went over the wire: the status line and every header, in bytes. */
function headBytes(path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}/yard/${path}`, { headers }, (response) => {
      response.resume();
      const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      }
      resolve({ status: response.statusCode!, bytes: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`) });
    }).on('error', reject);
  });
}

describe('the APIs SDKs call carry only the headers an SDK needs', () => {
  it("nosniff and caching, none of the console's document policies, on answers and refusals", async () => {
    const answers = [
      await server.call('GET', 'api/client/features', { token: CLIENT_TOKEN }),
      await server.call('GET', 'api/client/delta', { token: CLIENT_TOKEN }),
      await server.call('GET', 'api/client/features'), // 401
      await server.call('POST', 'api/client/metrics', { token: CLIENT_TOKEN, rawBody: '{' }), // 400
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      for (const name of ['content-security-policy', 'permissions-policy', 'strict-transport-security']) {
        expect(answer.headers.get(name), name).toBeNull();
      }
    }
  });

  it("a polling SDK's 304 is at most 250 bytes of head", async () => {
    const first = await server.call('GET', 'api/client/features', { token: CLIENT_TOKEN });
    const again = await headBytes('api/client/features', {
      authorization: CLIENT_TOKEN,
      'if-none-match': first.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expect(again.bytes).toBeLessThanOrEqual(250);
  });
});

describe('Cache-Control', () => {
  it('is no-store on API answers: the admin and client APIs, errors, sign-in, the token list', async () => {
    const answers = [
      await server.call('GET', 'api/admin/features', { cookie: admin }),
      await server.call('GET', 'api/admin/api-tokens', { cookie: admin }),
      await server.call('GET', 'api/admin/api-tokens', { token: ADMIN_TOKEN }),
      await server.call('GET', 'api/admin/user', { cookie: admin }),
      await server.call('GET', 'api/admin/features'),
      await server.call('GET', 'api/admin/ui-config'),
      await server.call('GET', 'api/client/features', { token: CLIENT_TOKEN }),
      await server.call('POST', 'auth/simple/login', { body: { username: 'admin', password: 'wrong' } }),
      await server.call('GET', 'docs/openapi.json'),
      await server.call('GET', 'health'),
      await server.call('GET', 'api/admin/features/a%zzb', { cookie: admin }),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control'), answer.text).toBe('no-store');
    expect(answers[1].status).toBe(200);
    expect(answers[1].body.tokens.length).toBeGreaterThan(0);
  });

  it('keeps the client API conditional: its ETag and If-None-Match still give a 304', async () => {
    for (const path of ['api/client/features', 'api/client/features/cached']) {
      const first = await server.call('GET', path, { token: CLIENT_TOKEN });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await server.call('GET', path, { token: CLIENT_TOKEN, headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it("leaves the console's own caching: hashed files immutable, index.html revalidated", async () => {
    const asset = await server.call('GET', 'assets/app-Ab12Cd34.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A hashed file is no document: it keeps nosniff, not the document's policies (1.1 KB on each of ~50 files).
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('permissions-policy')).toBeNull();
    const page = await server.call('GET', 'features', { headers: { accept: 'text/html' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });
});
