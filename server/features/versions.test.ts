import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.call(method, path, { cookie: admin, body, headers, contentType: 'application/json' });
const P = 'api/admin/projects/default/features';
const versionOf = async (name: string) => {
  const one = await call('GET', `api/admin/features/${name}`);
  expect(one.headers.get('etag')).toBe(`"${one.body.version}"`);
  return one.body.version as number;
};
const eventCount = async (name: string) => (await call('GET', `api/admin/events/${name}`)).body.events.length;

useServer();
beforeAll(async () => {
  // A new project gets every enabled environment: default, development and production.
  expect((await call('POST', 'api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
});

describe('toggle versions', () => {
  it('starts at 1 and shows the version in every toggle answer and as the ETag of one-toggle GETs', async () => {
    const created = await call('POST', 'api/admin/features', { name: 'v.toggle' });
    expect(created.status).toBe(201);
    expect(created.body.version).toBe(1);
    expect(created.headers.get('etag')).toBe('"1"');
    const project = await call('GET', `${P}/v.toggle`);
    expect(project.body.version).toBe(1);
    expect(project.headers.get('etag')).toBe('"1"');
    expect((await call('GET', 'api/admin/features')).body.features[0].version).toBe(1);
    expect((await call('GET', P)).body.features[0].version).toBe(1);
    const projectCreated = await call('POST', P, { name: 'v.project' });
    expect(projectCreated.body.version).toBe(1);
    expect(projectCreated.headers.get('etag')).toBe('"1"');
  });

  it('bumps the version by one on every mutating call and answers with the new ETag', async () => {
    const env = `${P}/v.toggle/environments/development`;
    const strategyId = (await call('GET', `${env}/strategies`)).body[0].id as string;
    let added = '';
    const calls: Array<[string, string, unknown?]> = [
      ['POST', 'api/admin/features/v.toggle/toggle/on'],
      ['POST', 'api/admin/features/v.toggle/toggle/off'],
      ['POST', 'api/admin/features/v.toggle/toggle'],
      ['POST', 'api/admin/features/v.toggle/stale/on'],
      ['POST', 'api/admin/features/v.toggle/stale/off'],
      ['PUT', 'api/admin/features/v.toggle', { name: 'v.toggle', description: 'put' }],
      ['POST', 'api/admin/features/v.toggle/tags', { value: 'team-v' }],
      ['DELETE', 'api/admin/features/v.toggle/tags/simple/team-v'],
      ['PUT', `${P}/v.toggle`, { name: 'v.toggle', description: 'project put' }],
      ['PATCH', `${P}/v.toggle`, [{ op: 'replace', path: '/description', value: 'patched' }]],
      ['PUT', `${P}/v.toggle/variants`, [{ name: 'a' }]],
      ['PATCH', `${P}/v.toggle/variants`, [{ op: 'add', path: '/-', value: { name: 'b' } }]],
      ['POST', `${env}/on`],
      ['POST', `${env}/off`],
      ['POST', `${env}/strategies`, { name: 'userWithId', parameters: { userIds: 'a' } }],
      ['PUT', `${env}/strategies/${strategyId}`, { parameters: {} }],
      ['PATCH', `${env}/strategies/${strategyId}`, [{ op: 'replace', path: '/name', value: 'default' }]],
      ['POST', `${env}/strategies/set-sort-order`, 'order'],
      ['DELETE', `${env}/strategies/added`],
      ['POST', `${P}/v.toggle/changeProject`, { newProjectId: 'web' }],
      ['DELETE', 'api/admin/projects/web/features/v.toggle'],
      ['POST', 'api/admin/archive/revive/v.toggle'],
      ['DELETE', 'api/admin/features/v.toggle'],
    ];
    for (const [method, rawPath, rawBody] of calls) {
      const path = rawPath.replace('strategies/added', `strategies/${added}`);
      const body =
        rawBody === 'order'
          ? [
              { id: added, sortOrder: 0 },
              { id: strategyId, sortOrder: 1 },
            ]
          : rawBody;
      const before = await versionOf('v.toggle');
      const response = await call(method, path, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
      expect(response.headers.get('etag'), `${method} ${path}`).toBe(`"${before + 1}"`);
      expect(await versionOf('v.toggle')).toBe(before + 1);
      if (method === 'POST' && path.endsWith('/strategies')) added = response.body.id;
    }
  });

  it('refuses a stale If-Match with 412 and changes nothing; a matching one or * goes through', async () => {
    await call('POST', 'api/admin/features', { name: 'v.match' });
    const version = await versionOf('v.match');
    const events = await eventCount('v.match');
    const stale = await call('POST', 'api/admin/features/v.match/toggle/on', undefined, {
      'if-match': `"${version - 1}"`,
    });
    expect(stale.status).toBe(412);
    const message = `The toggle v.match changed since version ${version - 1}: it is now at version ${version}`;
    expect(stale.body).toEqual({ name: 'PreconditionFailedError', message, details: [{ message }] });
    expect(await versionOf('v.match')).toBe(version);
    expect((await call('GET', 'api/admin/features/v.match')).body.enabled).toBe(false);
    expect(await eventCount('v.match')).toBe(events);

    for (const [method, path, body] of [
      ['PATCH', `${P}/v.match`, [{ op: 'replace', path: '/stale', value: true }]],
      ['POST', `${P}/v.match/environments/default/off`, undefined],
      ['POST', `${P}/v.match/environments/default/strategies`, { name: 'default' }],
      ['PATCH', `${P}/v.match/variants`, [{ op: 'add', path: '/-', value: { name: 'x' } }]],
      ['DELETE', 'api/admin/features/v.match', undefined],
    ] as const) {
      const refused = await call(method, path, body, { 'if-match': '"999"' });
      expect(refused.status, path).toBe(412);
      expect(refused.body.name).toBe('PreconditionFailedError');
    }
    expect(await versionOf('v.match')).toBe(version);
    expect(await eventCount('v.match')).toBe(events);
    expect((await call('GET', `${P}/v.match/environments/default/strategies`)).body).toHaveLength(1);

    const matching = await call('POST', 'api/admin/features/v.match/toggle/on', undefined, {
      'if-match': `"${version}"`,
    });
    expect(matching.status).toBe(200);
    expect(matching.headers.get('etag')).toBe(`"${version + 1}"`);
    expect(matching.body.version).toBe(version + 1);
    const next = await call('POST', 'api/admin/features/v.match/stale/on', undefined, {
      'if-match': matching.headers.get('etag')!,
    });
    expect(next.headers.get('etag')).toBe(`"${version + 2}"`);
    const any = await call('POST', 'api/admin/features/v.match/stale/off', undefined, { 'if-match': '*' });
    expect(any.headers.get('etag')).toBe(`"${version + 3}"`);
    expect(await eventCount('v.match')).toBe(events + 3);
  });

  it('answers 404 before 412 and refuses a malformed If-Match', async () => {
    expect((await call('POST', 'api/admin/features/v.none/toggle/on', undefined, { 'if-match': '"1"' })).status).toBe(
      404,
    );
    const bad = await call('POST', 'api/admin/features/v.match/toggle/on', undefined, { 'if-match': 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ name: 'ValidationError', details: [{ path: ['If-Match'] }] });
  });

  it('keeps concurrent changes apart: each gets its own version', async () => {
    const start = await versionOf('v.match');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', `api/admin/features/v.match/stale/${i % 2 ? 'on' : 'off'}`)),
    );
    const etags = answers.map((a) => a.headers.get('etag')).sort();
    expect(new Set(etags).size).toBe(6);
    expect(await versionOf('v.match')).toBe(start + 6);
  });
});
