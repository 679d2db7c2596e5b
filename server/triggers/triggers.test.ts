import { beforeAll, describe, expect, it } from 'vitest';
import { TRIGGER_FIRES_PER_MINUTE } from '../../contract/triggers.ts';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { admin, DEV_TOKEN, editor, server, STANDARD_TOKENS, useServer, viewer } from '../test-support/fixture.ts';
import { useSecondProcess } from '../test-support/second-process.ts';

const PUBLIC_URL = 'https://yard.example.com/flags';
const TOGGLES = 'api/admin/projects/default/features';
const triggersOf = (feature: string, project = 'default') =>
  `api/admin/projects/${project}/features/${feature}/triggers`;

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const eventsOf = async (type: string) =>
  (await server.call('GET', `api/admin/events?type=${type}`, { cookie: admin })).body.events;

/** A toggle with a strategy in development and production, on in both. */
async function newToggle(name: string) {
  expect((await as(admin)('POST', TOGGLES, { name })).status).toBe(201);
  for (const environment of ['development', 'production']) {
    const env = `${TOGGLES}/${name}/environments/${environment}`;
    expect((await as(admin)('POST', `${env}/strategies`, { name: 'default' })).status).toBe(200);
    expect((await as(admin)('POST', `${env}/on`)).status).toBe(200);
  }
}

/** Creates a trigger as `cookie`; returns its id and the secret of its URL. */
async function newTrigger(feature: string, body: Record<string, unknown>, cookie = admin) {
  const created = await as(cookie)('POST', triggersOf(feature), { description: '', ...body });
  expect(created.status, created.text).toBe(201);
  const prefix = `${PUBLIC_URL}/api/triggers/`;
  expect(created.body.url.startsWith(prefix)).toBe(true);
  return { id: created.body.id as number, secret: created.body.url.slice(prefix.length) as string };
}

const fire = (secret: string, options: { rawBody?: string; contentType?: string } = {}) =>
  server.call('POST', `api/triggers/${secret}`, options);

async function stateOf(feature: string, environment: string) {
  const answer = await as(admin)('GET', `${TOGGLES}/${feature}`);
  const env = answer.body.environments.find((e: { name: string }) => e.name === environment);
  return { enabled: env.enabled as boolean, version: answer.headers.get('etag') };
}

const listed = async (feature: string) => (await as(viewer)('GET', triggersOf(feature))).body.triggers;

useServer({ users: true, env: { ...STANDARD_TOKENS, UNLEASH_URL: PUBLIC_URL } });

describe('setting up triggers', () => {
  beforeAll(() => newToggle('kill.setup'));

  it('answers the URL once, keeps only a hash of its secret, lists the trigger and audits it', async () => {
    const { id, secret } = await newTrigger('kill.setup', {
      environment: 'production',
      action: 'off',
      description: ' PagerDuty: checkout errors ',
    });
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(await listed('kill.setup')).toEqual([
      {
        id,
        environment: 'production',
        action: 'off',
        description: 'PagerDuty: checkout errors',
        createdBy: 'admin',
        createdAt: expect.any(String),
        lastFiredAt: null,
        fireCount: 0,
      },
    ]);
    const stored = await server.sql('select * from feature_triggers');
    const events = await server.sql(`select * from events where type like 'feature-trigger-%'`);
    expect(JSON.stringify([stored, events])).not.toContain(secret);
    const [event] = await eventsOf('feature-trigger-created');
    expect(event).toMatchObject({
      createdBy: 'admin',
      project: 'default',
      featureName: 'kill.setup',
      environment: 'production',
      data: { id, environment: 'production', action: 'off', description: 'PagerDuty: checkout errors' },
    });
  });

  it('deletes a trigger, whose URL then answers 404, with its event', async () => {
    const { id, secret } = await newTrigger('kill.setup', { environment: 'development', action: 'on' }, editor);
    expect((await as(editor)('DELETE', `${triggersOf('kill.setup')}/${id}`)).status).toBe(200);
    expect((await listed('kill.setup')).map((t: { id: number }) => t.id)).not.toContain(id);
    expectError(await fire(secret), 404, 'NotFoundError', 'Could not find a trigger with that URL', { isJoi: true });
    const [event] = await eventsOf('feature-trigger-deleted');
    expect(event).toMatchObject({ featureName: 'kill.setup', preData: { id, action: 'on' } });
    const again = await as(editor)('DELETE', `${triggersOf('kill.setup')}/${id}`);
    expectError(again, 404, 'NotFoundError', `Could not find trigger with id=${id} of feature toggle kill.setup`, {
      isJoi: true,
    });
  });

  it('needs UPDATE_FEATURE in the project to set up or delete, and lets anyone signed in list', async () => {
    const { id } = await newTrigger('kill.setup', { environment: 'development', action: 'off' });
    const create = await as(viewer)('POST', triggersOf('kill.setup'), {
      environment: 'development',
      action: 'off',
      description: '',
    });
    expect(create.body).toMatchObject({ name: 'NoAccessError', permission: 'UPDATE_FEATURE' });
    expect(create.status).toBe(403);
    expect((await as(viewer)('DELETE', `${triggersOf('kill.setup')}/${id}`)).status).toBe(403);
    expect((await as(viewer)('GET', triggersOf('kill.setup'))).status).toBe(200);
    expect((await listed('kill.setup')).map((t: { id: number }) => t.id)).toContain(id);
  });

  it('refuses bad input with a clear 400, and unknown toggles and projects with a 404, creating nothing', async () => {
    expect((await as(admin)('POST', 'api/admin/projects', { id: 'other', name: 'Other' })).status).toBe(201);
    const before = await server.sql('select count(*)::int as n from feature_triggers');
    const valid = { environment: 'development', action: 'off', description: 'x' };
    expectInvalid(
      await as(admin)('POST', triggersOf('kill.setup'), { ...valid, action: 'toggle' }),
      ['action'],
      '"action" must be one of [on, off]',
    );
    for (const bad of [{ ...valid, description: 'x'.repeat(501) }, { ...valid, extra: 1 }, { action: 'on' }, 'on']) {
      const answer = await as(admin)('POST', triggersOf('kill.setup'), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    expectInvalid(
      await as(admin)('POST', triggersOf('kill.setup'), { ...valid, environment: 'nowhere' }),
      ['environment'],
      '"environment" nowhere does not exist',
    );
    await as(admin)('POST', 'api/admin/environments', { name: 'staging', type: 'test' });
    expectInvalid(
      await as(admin)('POST', triggersOf('kill.setup'), { ...valid, environment: 'staging' }),
      ['environment'],
      '"environment" staging is not enabled in project default',
    );
    const elsewhere = await as(admin)('POST', triggersOf('kill.setup', 'other'), valid);
    expectError(
      elsewhere,
      404,
      'NotFoundError',
      'Could not find feature toggle with name kill.setup in project other',
      {
        isJoi: true,
      },
    );
    expect((await as(admin)('POST', triggersOf('nope'), valid)).status).toBe(404);
    expect((await as(admin)('GET', triggersOf('nope'))).status).toBe(404);
    expect((await as(admin)('DELETE', `${triggersOf('kill.setup')}/abc`)).status).toBe(400);
    expect(await server.sql('select count(*)::int as n from feature_triggers')).toEqual(before);
  });
});

describe('calling a trigger', () => {
  beforeAll(() => newToggle('kill.fire'));

  it('turns the toggle off as the trigger, once: a second call changes nothing and says so', async () => {
    const { id, secret } = await newTrigger('kill.fire', {
      environment: 'production',
      action: 'off',
      description: 'Grafana: p99 latency',
    });
    const before = await stateOf('kill.fire', 'production');
    expect(before.enabled).toBe(true);
    const first = await fire(secret, { rawBody: '{"alert":"firing"}', contentType: 'application/json' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ feature: 'kill.fire', environment: 'production', enabled: false, changed: true });
    const after = await stateOf('kill.fire', 'production');
    expect(after.enabled).toBe(false);
    expect(after.version).not.toBe(before.version);

    const second = await fire(secret);
    expect(second.body).toEqual({ feature: 'kill.fire', environment: 'production', enabled: false, changed: false });
    expect((await stateOf('kill.fire', 'production')).version).toBe(after.version);

    const [disabled, ...older] = (await eventsOf('feature-environment-disabled')).filter(
      (e: { featureName: string }) => e.featureName === 'kill.fire',
    );
    expect(older).toEqual([]);
    expect(disabled).toMatchObject({ createdBy: `trigger:${id}`, environment: 'production' });
    const fired = (await eventsOf('feature-trigger-fired')).filter(
      (e: { featureName: string }) => e.featureName === 'kill.fire',
    );
    const data = {
      triggerId: id,
      project: 'default',
      featureName: 'kill.fire',
      environment: 'production',
      action: 'off',
      description: 'Grafana: p99 latency',
    };
    expect(fired.map((e: { data: unknown; createdBy: string }) => [e.createdBy, e.data])).toEqual([
      [`trigger:${id}`, { ...data, changed: false }],
      [`trigger:${id}`, { ...data, changed: true }],
    ]);
    const [listedTrigger] = (await listed('kill.fire')).filter((t: { id: number }) => t.id === id);
    expect(listedTrigger).toMatchObject({ fireCount: 2, lastFiredAt: expect.any(String) });
  });

  it('takes any body up to 64 KB of any content type, and refuses a larger one (413) changing nothing', async () => {
    const { secret } = await newTrigger('kill.fire', { environment: 'development', action: 'on' });
    for (const [contentType, rawBody] of [
      ['text/plain', 'CRITICAL: checkout'],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ['application/json', '{not json'],
      ['application/xml', '<alert/>'],
      ['application/octet-stream', '\u0000\u0001'],
      ['text/plain', 'x'.repeat(64 * 1024)],
    ]) {
      const answer = await fire(secret, { contentType, rawBody });
      expect(answer.status, `${contentType}: ${answer.text}`).toBe(200);
      expect(answer.body.enabled).toBe(true);
    }
    const bare = await fetch(`${server.url}${server.base}/api/triggers/${secret}`, { method: 'POST' });
    expect(bare.status).toBe(200);
    const countBefore = await server.sql(`select fire_count from feature_triggers where action = 'on'`);
    const tooLarge = await fire(secret, { contentType: 'text/plain', rawBody: 'x'.repeat(64 * 1024 + 1) });
    expectError(tooLarge, 413, 'BadDataError', 'The request body is too large');
    expect(await server.sql(`select fire_count from feature_triggers where action = 'on'`)).toEqual(countBefore);
  });

  it(`answers 429 with Retry-After after ${TRIGGER_FIRES_PER_MINUTE} calls in a minute, changing nothing`, async () => {
    const { id, secret } = await newTrigger('kill.fire', { environment: 'development', action: 'off' });
    // What SDKs are served follows the first call at once (it is read before, so the server holds it).
    const served = async () =>
      (await server.call('GET', 'api/client/features', { token: DEV_TOKEN })).body.features.find(
        (f: { name: string }) => f.name === 'kill.fire',
      ).enabled;
    expect(await served()).toBe(true);
    expect((await fire(secret)).status).toBe(200);
    expect(await served()).toBe(false);
    for (let call = 2; call <= TRIGGER_FIRES_PER_MINUTE; call++) expect((await fire(secret)).status).toBe(200);
    const refused = await fire(secret);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toMatchObject({ name: 'TooManyRequestsError', details: [{ message: refused.body.message }] });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const [row] = (await listed('kill.fire')).filter((t: { id: number }) => t.id === id);
    expect(row.fireCount).toBe(TRIGGER_FIRES_PER_MINUTE);
    // Another trigger has its own minute.
    const { secret: other } = await newTrigger('kill.fire', { environment: 'development', action: 'off' });
    expect((await fire(other)).status).toBe(200);
  });

  it('answers 404 for an unknown secret and for a toggle archived or deleted', async () => {
    const notFound = ['NotFoundError', 'Could not find a trigger with that URL', { isJoi: true }] as const;
    expectError(await fire('not-a-secret'), 404, ...notFound);
    await newToggle('kill.doomed');
    const { secret } = await newTrigger('kill.doomed', { environment: 'development', action: 'off' });
    expect((await as(admin)('DELETE', `api/admin/features/kill.doomed`)).status).toBe(200);
    expectError(await fire(secret), 404, ...notFound);
    expect((await as(admin)('POST', `api/admin/archive/revive/kill.doomed`)).status).toBe(200);
    expect((await fire(secret)).status).toBe(200);
    await as(admin)('DELETE', `api/admin/features/kill.doomed`);
    expect((await as(admin)('DELETE', `api/admin/archive/kill.doomed`)).status).toBe(200);
    expectError(await fire(secret), 404, ...notFound);
  });

  it('passes change requests as a pre-approved change, which only who may skip them can set up', async () => {
    await newToggle('kill.guarded');
    const config = 'api/admin/projects/default/environments/production/change-requests/config';
    expect((await as(admin)('PUT', config, { changeRequestsEnabled: true, requiredApprovals: 1 })).status).toBe(200);
    try {
      const refused = await as(editor)('POST', triggersOf('kill.guarded'), {
        environment: 'production',
        action: 'off',
        description: '',
      });
      expectError(
        refused,
        403,
        'ChangeRequestRequiredError',
        'Environment production of project default takes changes through change requests only: ' +
          'a trigger there needs permission=SKIP_CHANGE_REQUEST',
      );
      const { id, secret } = await newTrigger('kill.guarded', { environment: 'production', action: 'off' });
      expect((await fire(secret)).body.changed).toBe(true);
      expect((await stateOf('kill.guarded', 'production')).enabled).toBe(false);
      const [bypass] = await eventsOf('change-request-bypassed');
      expect(bypass).toMatchObject({
        createdBy: `trigger:${id}`,
        featureName: 'kill.guarded',
        environment: 'production',
      });
    } finally {
      await as(admin)('PUT', config, { changeRequestsEnabled: false, requiredApprovals: 1 });
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('calling a trigger through two processes', () => {
  const other = useSecondProcess(() => server);

  it(`lets ${TRIGGER_FIRES_PER_MINUTE} calls a minute through in all, however they are spread`, async () => {
    await newToggle('kill.shared');
    const { id, secret } = await newTrigger('kill.shared', { environment: 'development', action: 'off' });
    const urls = [`${server.url}${server.base}`, other().url];
    const answers = await Promise.all(
      Array.from({ length: 2 * TRIGGER_FIRES_PER_MINUTE }, (_, i) =>
        fetch(`${urls[i % 2]}/api/triggers/${secret}`, { method: 'POST' }).then((answer) => answer.status),
      ),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(TRIGGER_FIRES_PER_MINUTE);
    expect(answers.filter((status) => status === 429)).toHaveLength(TRIGGER_FIRES_PER_MINUTE);
    const [row] = (await listed('kill.shared')).filter((t: { id: number }) => t.id === id);
    expect(row.fireCount).toBe(TRIGGER_FIRES_PER_MINUTE);
    const changed = (await eventsOf('feature-trigger-fired')).filter(
      (e: { data: { triggerId: number; changed: boolean } }) => e.data.triggerId === id && e.data.changed,
    );
    expect(changed).toHaveLength(1);
  });
});
