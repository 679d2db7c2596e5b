import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type CallResult } from '../../test-support/harness.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';
import { useConsoleDist } from '../../test-support/console-dist.ts';
import { MAX_JSON_DEPTH } from './content-type.ts';
import { expectError } from '../../test-support/answers.ts';

const dist = useConsoleDist({
  'index.html':
    '<html><head><meta name="baseUriPath" content="::baseUriPath::"><base href="::baseUriPath::/"></head><body>console</body></html>',
  'assets/app-1234.js': 'console.log("hi")',
});

useServer({ env: { BASE_URI_PATH: '/yard' }, build: { distDir: dist } });

describe('request bodies', () => {
  it('answers malformed JSON with a 400 JSON body', async () => {
    const response = await server.call('POST', 'api/admin/user-admin', { cookie: admin, rawBody: '{"email":' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toMatchObject({ name: 'BadDataError', message: 'The request body is not valid JSON' });
  });

  it('answers a non-JSON body with 415', async () => {
    const response = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      rawBody: 'email=a@b.c',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(response.body.name).toBe('ContentTypeError');
    const text = await server.call('POST', 'auth/reset/validate-password', { rawBody: 'x', contentType: 'text/plain' });
    expectError(text, 415, 'ContentTypeError', text.body.message);
  });

  it('names the offending field on a schema failure', async () => {
    const response = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'a@b.co', rootRole: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ValidationError', isJoi: true });
    expect(response.body.details[0]).toMatchObject({ path: ['rootRole'], context: { key: 'rootRole' } });
    expect(response.body.message).toMatch(/"rootRole"/);
    const params = await server.call('GET', 'api/admin/user-admin/abc', { cookie: admin });
    expect(params.status).toBe(400);
    expect(params.body.details[0].path).toEqual(['id']);
  });

  /** Our error shape, with that message, and nothing of an internal error in the text. */
  function expectOurs(answer: CallResult, status: number, name: string, message: string | RegExp) {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toMatchObject({ name, message, details: [{ message }] });
    expect(answer.text).not.toMatch(/call stack|RangeError|SyntaxError|FST_|statusCode|\bat \S+ \(/);
  }

  it("answers JSON nested too deeply with a 400 in our shape, never a stack overflow's message", async () => {
    await server.call('POST', 'api/admin/projects/default/features', { cookie: admin, body: { name: 'deep' } });
    const tooDeep = /^The request body is nested too deeply: at most 32 levels of objects and arrays$/;
    for (const [method, path] of [
      ['PUT', 'api/admin/projects/default/features/deep/variants'],
      ['POST', 'api/admin/metrics/applications/deep-app'],
      ['POST', 'auth/simple/login'],
    ]) {
      for (const rawBody of [
        '['.repeat(20_000) + ']'.repeat(20_000),
        '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
      ]) {
        expectOurs(await server.call(method, path, { cookie: admin, rawBody }), 400, 'BadDataError', tooDeep);
      }
    }
    // One level past the limit is refused; at the limit the body is parsed (and then validated as usual).
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const past = await server.call('PUT', 'api/admin/projects/default/features/deep/variants', {
      cookie: admin,
      rawBody: nested(MAX_JSON_DEPTH + 1),
    });
    expect(past.body.name).toBe('BadDataError');
    const at = await server.call('PUT', 'api/admin/projects/default/features/deep/variants', {
      cookie: admin,
      rawBody: nested(MAX_JSON_DEPTH),
    });
    expect(at.status).toBe(400);
    expect(at.body.name).toBe('ValidationError');
    // Brackets inside strings are text, not nesting.
    const inString = await server.call('POST', 'api/admin/projects/default/features', {
      cookie: admin,
      body: { name: 'brackets', description: '[{'.repeat(100) + '\\"' + '}]'.repeat(100) },
    });
    expect(inString.status, inString.text).toBe(201);
  });

  it('answers a body over the size limit with a 413 in our shape', async () => {
    const rawBody = JSON.stringify({ name: 'big', description: 'x'.repeat(1024 * 1024) });
    expectOurs(
      await server.call('POST', 'api/admin/projects/default/features', { cookie: admin, rawBody }),
      413,
      'BadDataError',
      'The request body is too large',
    );
  });

  it('answers a URL the router cannot decode, or a change with a path part over its limit, in our shape', async () => {
    expectOurs(
      await server.call('GET', 'api/admin/features/a%zzb', { cookie: admin }),
      400,
      'BadDataError',
      'The request URL is not valid: it has a malformed percent-encoding',
    );
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expectOurs(
        await server.call(method, `api/admin/user-admin/${'1'.repeat(101)}`, { cookie: admin }),
        414,
        'BadDataError',
        'A part of the request URL is too long',
      );
    }
    // A GET of one falls through to the console's wildcard route: the usual 404 for an API path.
    expect((await server.call('GET', `api/admin/features/${'a'.repeat(101)}`, { cookie: admin })).status).toBe(404);
  });

  it('answers other refusals of Fastify and its plugins with the status text, not their message', async () => {
    const range = await server.call('GET', 'assets/app-1234.js', { headers: { range: 'bytes=5000-6000' } });
    expectOurs(range, 416, 'BadRequestError', 'Range Not Satisfiable');
  });

  it('accepts an empty body sent as application/json', async () => {
    const response = await server.call('POST', 'api/admin/splash/environment', {
      cookie: admin,
      contentType: 'application/json',
    });
    expect(response.status).toBe(200);
  });
});

describe('routing', () => {
  it('answers unknown API routes with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.call(method, 'api/admin/does-not-exist', {
        cookie: admin,
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ name: 'NotFoundError' });
    }
  });

  it('serves health without auth', async () => {
    expect((await server.call('GET', 'health')).body).toEqual({ health: 'GOOD' });
  });

  it('serves ui-config without a session', async () => {
    const response = await server.call('GET', 'api/admin/ui-config');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Switchyard',
      authenticationType: 'open-source',
      baseUriPath: '/yard',
      flags: { P: true, C: true, E: true },
      versionInfo: { current: { enterprise: '' }, isLatest: true },
    });
    expect(response.body.versionInfo.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves ui-bootstrap to a signed-in user', async () => {
    const response = await server.call('GET', 'api/admin/ui-bootstrap', { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.body.user.permissions).toEqual([{ project: null, permission: 'ADMIN' }]);
    expect(response.body.projects).toEqual([expect.objectContaining({ id: 'default', name: 'Default' })]);
    expect(response.body.email).toBe(false);
    expect((await server.call('GET', 'api/admin/ui-bootstrap')).status).toBe(401);
  });
});

describe('console', () => {
  it('serves index.html with the base path substituted, and falls back to it for client routes', async () => {
    for (const path of ['', 'features', 'projects/default/features/x/strategies']) {
      const response = await server.call('GET', path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.text).toContain('<meta name="baseUriPath" content="/yard">');
      expect(response.text).toContain('<base href="/yard/">');
    }
  });

  it('serves static assets, with a long cache for hashed ones', async () => {
    const response = await server.call('GET', 'assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe('console.log("hi")');
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('does not fall back for non-HTML requests or path escapes', async () => {
    expect((await server.call('GET', 'assets/missing.js')).status).toBe(404);
    expect(
      (await server.call('GET', '..%2f..%2fetc%2fpasswd', { headers: { accept: 'text/html' } })).text,
    ).not.toContain('root:');
  });

  it('answers 503 with instructions when the console is not built', async () => {
    const bare = await startServer({}, { distDir: join(dist, 'missing') });
    try {
      const response = await bare.call('GET', 'features', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(response.text).toContain('npm run build');
      expect((await bare.call('GET', 'health')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
