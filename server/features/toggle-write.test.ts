import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

// The changes that reach many toggles at once (an environment enabled in or removed from a project, an environment
// deleted, an import) go through the toggle rule as a change of one toggle does: each toggle changed gets a new
// version and an event, so a change sent with the version read before it (If-Match, as the console and the offline
// queue send it) is refused with 412, which makes the console show its refresh notice.

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.call(method, path, { cookie: admin, body, headers });
const P = 'api/admin/projects/many/features';
const TOGGLES = ['many.a', 'many.b'];

/** The toggle's ETag, as the console reads it with the toggle. */
const etagOf = async (name: string) => {
  const toggle = await call('GET', `${P}/${name}`);
  expect(toggle.status).toBe(200);
  return toggle.headers.get('etag')!;
};
const etags = async () => Promise.all(TOGGLES.map(etagOf));
/** The toggle's newest event, as its history shows it. */
const newestEvent = async (name: string) => (await call('GET', `api/admin/events/${name}`)).body.events[0];
/** A change of the toggle based on the version of `etag`. */
const changeBasedOn = (name: string, etag: string) =>
  call('PATCH', `${P}/${name}`, [{ op: 'replace', path: '/description', value: `based on ${etag}` }], {
    'if-match': etag,
  });

/** Each toggle has moved one version on from `before` and has `type` as its newest event; an older If-Match is 412. */
async function expectChangedByTheRule(before: string[], type: string, environment: string) {
  const after = await etags();
  for (const [i, name] of TOGGLES.entries()) {
    expect(after[i], name).toBe(`"${Number(JSON.parse(before[i])) + 1}"`);
    expect(await newestEvent(name), name).toMatchObject({ type, featureName: name, project: 'many', environment });
    const stale = await changeBasedOn(name, before[i]);
    expect(stale.status, name).toBe(412);
    expect(stale.body.name).toBe('PreconditionFailedError');
    expect((await changeBasedOn(name, after[i])).status, name).toBe(200);
  }
}

useServer();
beforeAll(async () => {
  expect((await call('POST', 'api/admin/projects', { id: 'many', name: 'Many' })).status).toBe(201);
  expect((await call('POST', 'api/admin/environments', { name: 'staging', type: 'test' })).status).toBe(201);
  for (const name of TOGGLES) expect((await call('POST', P, { name })).status).toBe(201);
});

describe('changes of many toggles at once', () => {
  it('an environment enabled in a project: each toggle gets a state there, a new version and an event', async () => {
    const before = await etags();
    expect((await call('POST', 'api/admin/projects/many/environments', { environment: 'staging' })).status).toBe(200);
    await expectChangedByTheRule(before, 'feature-environment-added', 'staging');
  });

  it('an environment removed from a project: each toggle loses it, with a new version and an event', async () => {
    expect((await call('POST', `${P}/many.a/environments/staging/strategies`, { name: 'default' })).status).toBe(200);
    const before = await etags();
    expect((await call('DELETE', 'api/admin/projects/many/environments/staging')).status).toBe(200);
    await expectChangedByTheRule(before, 'feature-environment-removed', 'staging');
    expect((await newestEventOfType('many.a', 'feature-environment-removed')).preData).toEqual({
      name: 'many.a',
      environment: 'staging',
      enabled: false,
      strategies: 1,
    });
  });

  it('an environment deleted: each toggle that had it loses it, with a new version and an event', async () => {
    expect((await call('POST', 'api/admin/projects/many/environments', { environment: 'staging' })).status).toBe(200);
    const before = await etags();
    expect((await call('DELETE', 'api/admin/environments/staging')).status).toBe(200);
    await expectChangedByTheRule(before, 'feature-environment-removed', 'staging');
  });

  it('an import: each toggle it overwrites gets a new version and a features-imported event', async () => {
    const before = await etags();
    const imported = await call('POST', 'api/admin/features-batch/import', {
      project: 'many',
      environment: 'development',
      data: {
        features: TOGGLES.map((name) => ({ name, description: 'imported' })),
        featureStrategies: TOGGLES.map((featureName) => ({ name: 'default', featureName })),
      },
    });
    expect(imported.status, imported.text).toBe(200);
    await expectChangedByTheRule(before, 'features-imported', 'development');
  });
});

/** The toggle's newest event of that type. */
async function newestEventOfType(name: string, type: string) {
  const events: Array<{ type: string; preData: unknown }> = (await call('GET', `api/admin/events/${name}`)).body.events;
  return events.find((event) => event.type === type)!;
}
