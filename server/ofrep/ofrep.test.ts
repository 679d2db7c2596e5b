// OFREP on a real server: OpenFeature's own Node provider and SDK evaluating toggles through it, the bulk call with
// its ETag, refusals in OFREP's shape, tokens and CORS.
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature, type Client } from '@openfeature/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

const CLIENT = '*:default.ofrep-client-secret-abcdefgh';
const DEV_CLIENT = 'default:development.ofrep-dev-secret-abcdefg';
const ADMIN = '*:*.ofrep-admin-secret-abcdefghijklm';
const ORIGIN = 'https://app.example.com';

let frontend: string;
let clients: { client: Client; frontend: Client; dev: Client };

async function ok(method: string, path: string, body?: unknown) {
  const answer = await server.call(method, path, { cookie: admin, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer;
}

/** An OpenFeature client whose provider calls this server with `token`, as OFREP clients send it (Bearer). */
async function openFeatureClient(domain: string, token: string): Promise<Client> {
  const provider = new OFREPProvider({
    baseUrl: `${server.url}${server.base}`,
    headers: [['Authorization', `Bearer ${token}`]],
  });
  await OpenFeature.setProviderAndWait(domain, provider);
  return OpenFeature.getClient(domain);
}

const single = (key: string, body: unknown, token: string | null = CLIENT) =>
  server.call('POST', `ofrep/v1/evaluate/flags/${key}`, { token: token ?? undefined, body });
const bulk = (body: unknown, headers: Record<string, string> = {}, token = frontend) =>
  server.call('POST', 'ofrep/v1/evaluate/flags', { token, body, headers });

useServer({ env: { INIT_CLIENT_API_TOKENS: `${CLIENT},${DEV_CLIENT}`, INIT_ADMIN_API_TOKENS: ADMIN } });
beforeAll(async () => {
  const variant = (name: string, type: string, value: string) => [{ name, weight: 1000, payload: { type, value } }];
  const toggle = (name: string, more: Record<string, unknown> = {}) =>
    ok('POST', 'api/admin/features', { name, enabled: true, strategies: [{ name: 'default' }], ...more });
  await toggle('of.bool');
  await toggle('of.off', { enabled: false });
  await toggle('of.beta', { strategies: [{ name: 'userWithId', parameters: { userIds: 'alice,bob' } }] });
  await toggle('of.tier', {
    strategies: [{ name: 'default', constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }] }],
  });
  await toggle('of.string', { variants: variant('blue', 'string', 'sky') });
  await toggle('of.number', { variants: variant('many', 'number', '42.5') });
  await toggle('of.object', { variants: variant('limits', 'json', '{"limit":3,"tags":["a","b"]}') });
  await ok('POST', 'api/admin/projects', { id: 'other', name: 'Other' });
  await ok('POST', 'api/admin/projects/other/features', { name: 'of.elsewhere' });
  await ok('POST', 'api/admin/projects/other/features/of.elsewhere/environments/default/strategies', {
    name: 'default',
  });
  await ok('POST', 'api/admin/projects/other/features/of.elsewhere/environments/default/on');
  const created = await ok('POST', 'api/admin/api-tokens', {
    username: 'web-app',
    type: 'frontend',
    project: 'default',
    environment: 'default',
  });
  frontend = created.body.secret;
  clients = {
    client: await openFeatureClient('client', CLIENT),
    frontend: await openFeatureClient('frontend', frontend),
    dev: await openFeatureClient('dev', DEV_CLIENT),
  };
});
afterAll(() => OpenFeature.close());

describe('OFREP with the OpenFeature Node provider', () => {
  it('evaluates a toggle as a boolean, and a disabled one as false', async () => {
    expect(await clients.client.getBooleanDetails('of.bool', false, { targetingKey: 'carol' })).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
      flagMetadata: { project: 'default', type: 'release', impressionData: false },
    });
    const off = await clients.client.getBooleanDetails('of.off', true, { targetingKey: 'carol' });
    expect(off).toMatchObject({ value: false, reason: 'DISABLED' });
    expect(off.errorCode).toBeUndefined();
    // Off is false: a typed getter gets the code's default.
    expect(await clients.client.getStringDetails('of.off', 'none', { targetingKey: 'carol' })).toMatchObject({
      value: 'none',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('takes the targetingKey as the userId and other keys as properties', async () => {
    const beta = (context: Record<string, string>) => clients.client.getBooleanDetails('of.beta', false, context);
    expect(await beta({ targetingKey: 'alice' })).toMatchObject({ value: true, reason: 'TARGETING_MATCH' });
    expect(await beta({ targetingKey: 'dave' })).toMatchObject({ value: false, reason: 'DEFAULT' });
    expect(await beta({})).toMatchObject({ value: false, reason: 'DEFAULT' });
    const tier = (value: string) =>
      clients.client.getBooleanValue('of.tier', false, { targetingKey: 'u', tier: value });
    expect(await tier('gold')).toBe(true);
    expect(await tier('silver')).toBe(false);
  });

  it("gives a variant's payload as a string, a number or an object, naming the variant", async () => {
    expect(await clients.client.getStringDetails('of.string', 'none', { targetingKey: 'u' })).toMatchObject({
      value: 'sky',
      variant: 'blue',
      reason: 'TARGETING_MATCH',
    });
    expect(await clients.client.getNumberValue('of.number', 0, { targetingKey: 'u' })).toBe(42.5);
    expect(await clients.client.getObjectValue('of.object', {}, { targetingKey: 'u' })).toEqual({
      limit: 3,
      tags: ['a', 'b'],
    });
  });

  it('answers FLAG_NOT_FOUND for a toggle the token does not see', async () => {
    const unknown = await clients.client.getBooleanDetails('of.nope', false, { targetingKey: 'u' });
    expect(unknown).toMatchObject({ value: false, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' });
    // The client token sees every project; the frontend token only its own.
    expect(await clients.client.getBooleanValue('of.elsewhere', false, { targetingKey: 'u' })).toBe(true);
    expect(await clients.frontend.getBooleanDetails('of.elsewhere', false, { targetingKey: 'u' })).toMatchObject({
      value: false,
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(await clients.frontend.getBooleanValue('of.bool', false, { targetingKey: 'u' })).toBe(true);
    // A token of another environment gets that environment's state: there the toggle is off.
    expect(await clients.dev.getBooleanDetails('of.bool', true, { targetingKey: 'u' })).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
  });
});

describe('POST ofrep/v1/evaluate/flags/{key} and the bulk call on the wire', () => {
  it('answers one flag in OFREP shape, with the plain token form too', async () => {
    const answer = await single('of.string', { context: { targetingKey: 'u', appName: 'shop' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      key: 'of.string',
      value: 'sky',
      reason: 'TARGETING_MATCH',
      variant: 'blue',
      metadata: { project: 'default', type: 'release', impressionData: false },
    });
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect((await single('of.nope', { context: {} })).body).toEqual({
      key: 'of.nope',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: "Flag 'of.nope' was not found",
    });
  });

  it('evaluates every flag the token sees for one context, with an ETag and a 304 for the same answer', async () => {
    const first = await bulk({ context: { targetingKey: 'alice' } });
    expect(first.status).toBe(200);
    const byKey = Object.fromEntries(first.body.flags.map((f: { key: string }) => [f.key, f]));
    expect(Object.keys(byKey).sort()).toEqual(
      ['of.beta', 'of.bool', 'of.number', 'of.object', 'of.off', 'of.string', 'of.tier'].sort(),
    );
    expect(byKey['of.beta']).toMatchObject({ value: true, reason: 'TARGETING_MATCH' });
    expect(byKey['of.off']).toMatchObject({ value: false, reason: 'DISABLED' });
    expect(byKey['of.tier']).toMatchObject({ value: false, reason: 'DEFAULT' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await bulk({ context: { targetingKey: 'alice' } }, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await bulk({ context: { targetingKey: 'dave' } }, { 'if-none-match': etag })).status).toBe(200);
    await ok('POST', 'api/admin/features/of.off/toggle/on');
    const changed = await bulk({ context: { targetingKey: 'alice' } }, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.flags.find((f: { key: string }) => f.key === 'of.off')).toMatchObject({ value: true });
    await ok('POST', 'api/admin/features/of.off/toggle/off');
  });

  it('answers a context asked for again alike, never past a change, and never for another context or token', async () => {
    const keys = (answer: { body: { flags: Array<{ key: string }> } }) => answer.body.flags.map((f) => f.key).sort();
    const valueOf = (answer: { body: { flags: Array<{ key: string; value: unknown }> } }, key: string) =>
      answer.body.flags.find((f) => f.key === key)?.value;
    const alice = () => bulk({ context: { targetingKey: 'alice' } });
    const first = await alice();
    const again = await alice();
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    const dave = await bulk({ context: { targetingKey: 'dave' } });
    expect(valueOf(dave, 'of.beta')).toBe(false);
    expect(valueOf(await alice(), 'of.beta')).toBe(true);
    // The client token sees every project, the frontend token its own.
    const byClient = await bulk({ context: { targetingKey: 'alice' } }, {}, CLIENT);
    expect(keys(byClient)).toContain('of.elsewhere');
    expect(keys(await alice())).not.toContain('of.elsewhere');

    await ok('POST', 'api/admin/features/of.bool/toggle/off');
    const changed = await alice();
    expect(changed.body.flags.find((f: { key: string }) => f.key === 'of.bool')).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
    await ok('POST', 'api/admin/features/of.bool/toggle/on');
    expect(valueOf(await alice(), 'of.bool')).toBe(true);
    // A change that leaves every value as it was still changes the answer.
    const retype = (type: string) =>
      ok('PATCH', 'api/admin/projects/default/features/of.bool', [{ op: 'replace', path: '/type', value: type }]);
    await retype('experiment');
    const retyped = await alice();
    expect(retyped.body.flags.find((f: { key: string }) => f.key === 'of.bool').metadata.type).toBe('experiment');
    await retype('release');
  });

  it('changes nothing: evaluations do not move the revision', async () => {
    const before = server.app.revisions.current;
    await single('of.bool', { context: { targetingKey: 'u' } });
    await bulk({ context: { targetingKey: 'u' } });
    expect(server.app.revisions.current).toBe(before);
  });

  it('refuses a body that is not JSON with PARSE_ERROR and a context that does not fit with INVALID_CONTEXT', async () => {
    const raw = (path: string, rawBody: string) => server.call('POST', path, { token: CLIENT, rawBody });
    const notJson = await raw('ofrep/v1/evaluate/flags/of.bool', '{"context":');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({
      key: 'of.bool',
      errorCode: 'PARSE_ERROR',
      errorDetails: 'The request body is not valid JSON',
    });
    expect((await raw('ofrep/v1/evaluate/flags', '[[[')).body).toEqual({
      errorCode: 'PARSE_ERROR',
      errorDetails: 'The request body is not valid JSON',
    });
    const misfits: [unknown, string][] = [
      [{}, "body must have required property 'context'"],
      [{ context: 'alice' }, 'context must be object'],
      [{ context: { targetingKey: { id: 'a' } } }, 'context.targetingKey must be string'],
      [{ context: { plan: { id: 1 } } }, 'context.plan must be a string, a number or a boolean'],
    ];
    for (const [body, errorDetails] of misfits) {
      const answer = await single('of.bool', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ key: 'of.bool', errorCode: 'INVALID_CONTEXT', errorDetails });
      expect((await bulk(body)).body).toEqual({ errorCode: 'INVALID_CONTEXT', errorDetails });
    }
    const huge = await single('of.bool', { context: { targetingKey: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
  });

  it('needs a client or a frontend token: 401 without one or with an unknown one, 403 for others', async () => {
    const body = { context: { targetingKey: 'u' } };
    expect((await single('of.bool', body, null)).status).toBe(401);
    expect((await single('of.bool', body, 'Bearer default:default.unknown-secret')).status).toBe(401);
    expect((await single('of.bool', body, frontend)).status).toBe(200);
    const byAdmin = await single('of.bool', body, ADMIN);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('This API needs a client or a frontend API token');
    const bySession = await server.call('POST', 'ofrep/v1/evaluate/flags', { cookie: admin, body });
    expect(bySession.status).toBe(403);
  });
});

describe("OFREP's CORS, from the frontend API's origins", () => {
  const preflight = (path: string, origin: string) =>
    server.call('OPTIONS', path, {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('answers preflights on both paths for allowed origins and refuses the others', async () => {
    await ok('POST', 'api/admin/ui-config/cors', { frontendApiOrigins: [ORIGIN] });
    for (const path of ['ofrep/v1/evaluate/flags', 'ofrep/v1/evaluate/flags/of.bool']) {
      const allowed = await preflight(path, ORIGIN);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
      const refused = await preflight(path, 'https://evil.example.com');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const answer = await bulk({ context: {} }, { origin: ORIGIN });
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer.headers.get('access-control-expose-headers')).toBe('ETag');
    const refused = await bulk({ context: {} }, { origin: 'https://evil.example.com' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await ok('POST', 'api/admin/ui-config/cors', { frontendApiOrigins: ['*'] });
  });
});
