import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';

// A toggle's lifecycle: GET .../lifecycle, stages entered from real api/client/metrics posts, complete and
// uncomplete, archive and revive, and the current stage in the project's overview.

const DEV = '*:development.lifecycle-dev-secret-0123456789';
const PROD = '*:production.lifecycle-prod-secret-012345678';
/** An ALL-environments client token: the environment is the one the SDK reports. */
const ANY = '*:*.lifecycle-any-env-secret-0123456789ab';
const MEMBER = 5;

const pf = (project: string) => `api/admin/projects/${project}/features`;
const lifecyclePath = (name: string, project = 'lc') => `${pf(project)}/${name}/lifecycle`;
const stagesOf = async (name: string, project = 'lc') => {
  const answer = await server.call('GET', lifecyclePath(name, project), { cookie: viewer });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Array<{ stage: string; enteredStageAt: string; status?: string; statusValue?: string }>;
};
const stageNames = async (name: string) => (await stagesOf(name)).map((s) => s.stage);
const createToggle = async (name: string, project = 'lc') => {
  const created = await server.call('POST', pf(project), { cookie: admin, body: { name } });
  expect(created.status, created.text).toBe(201);
};

/** What an SDK sends after a minute: counts per toggle, reported in `environment` when the token allows it. */
async function report(token: string, toggles: Record<string, { yes: number; no: number }>, environment?: string) {
  const stop = new Date();
  const answer = await server.call('POST', 'api/client/metrics', {
    token,
    body: {
      appName: 'lifecycle-app',
      instanceId: 'i-1',
      ...(environment ? { environment } : {}),
      bucket: { start: new Date(stop.getTime() - 60_000).toISOString(), stop: stop.toISOString(), toggles },
    },
  });
  expect(answer.status, answer.text).toBe(202);
}
const seen = { yes: 3, no: 1 };

const complete = (name: string, body: unknown, cookie = admin, project = 'lc') =>
  server.call('POST', `${lifecyclePath(name, project)}/complete`, { cookie, body });
const uncomplete = (name: string, cookie = admin) =>
  server.call('POST', `${lifecyclePath(name)}/uncomplete`, { cookie });
const lifecycleEvents = (name: string) =>
  server.sql(
    `select type, created_by, project, data, pre_data from events
     where feature_name = '${name}' and type in ('feature-completed', 'feature-uncompleted') order by id`,
  );

useServer({ env: { INIT_CLIENT_API_TOKENS: `${DEV},${PROD},${ANY}` }, users: true });
beforeAll(async () => {
  const project = await server.call('POST', 'api/admin/projects', { cookie: admin, body: { id: 'lc', name: 'LC' } });
  expect(project.status, project.text).toBe(201);
});

describe('stages from what SDKs report', () => {
  it('starts at initial, the time the toggle was created', async () => {
    await createToggle('lc.new');
    const toggle = await server.call('GET', `${pf('lc')}/lc.new`, { cookie: admin });
    expect(await stagesOf('lc.new')).toEqual([{ stage: 'initial', enteredStageAt: toggle.body.createdAt }]);
  });

  it('enters pre-live when first seen outside production, then live in production; reports again change nothing', async () => {
    await createToggle('lc.flow');
    await report(DEV, { 'lc.flow': seen });
    expect(await stageNames('lc.flow')).toEqual(['initial', 'pre-live']);
    const preLive = await stagesOf('lc.flow');

    await report(DEV, { 'lc.flow': seen });
    expect(await stagesOf('lc.flow')).toEqual(preLive);

    await report(PROD, { 'lc.flow': seen });
    expect(await stageNames('lc.flow')).toEqual(['initial', 'pre-live', 'live']);
    const live = await stagesOf('lc.flow');
    expect(live[2].enteredStageAt >= live[1].enteredStageAt).toBe(true);

    await report(PROD, { 'lc.flow': seen });
    await report(DEV, { 'lc.flow': seen });
    expect(await stagesOf('lc.flow')).toEqual(live);
  });

  it('goes straight to live when production reports it first; the environment an ALL token reports counts', async () => {
    await createToggle('lc.prod-first');
    await report(ANY, { 'lc.prod-first': seen }, 'production');
    expect(await stageNames('lc.prod-first')).toEqual(['initial', 'live']);
  });

  it('enters nothing for a toggle reported without evaluations, in an unknown environment, unknown or archived', async () => {
    await createToggle('lc.quiet');
    await createToggle('lc.gone');
    expect((await server.call('DELETE', 'api/admin/features/lc.gone', { cookie: admin })).status).toBe(200);
    await report(DEV, { 'lc.quiet': { yes: 0, no: 0 }, 'lc.gone': seen, 'lc.never-created': seen });
    await report(ANY, { 'lc.quiet': seen }, 'no-such-environment');
    expect(await stageNames('lc.quiet')).toEqual(['initial']);
    expect((await stagesOf('lc.gone')).map((s) => s.stage)).toEqual(['initial', 'archived']);
    // A toggle created later under a reported name starts afresh.
    await createToggle('lc.never-created');
    expect(await stageNames('lc.never-created')).toEqual(['initial']);
  });

  it('enters every reported toggle of a post at once, each only once', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `lc.many-${i}`);
    for (const name of names) await createToggle(name);
    await report(DEV, Object.fromEntries(names.slice(0, 10).map((name) => [name, seen])));
    await report(DEV, Object.fromEntries(names.map((name) => [name, seen])));
    const rows = await server.sql(
      `select stage, count(*)::int as n from feature_lifecycles where feature like 'lc.many-%' group by stage`,
    );
    expect(rows).toEqual([{ stage: 'pre-live', n: 30 }]);
  });
});

describe('complete and uncomplete', () => {
  beforeAll(async () => {
    await createToggle('lc.done');
    await report(PROD, { 'lc.done': seen });
  });

  it('completes with a status, changes the status when completed again (its time kept), and audits each', async () => {
    const done = await complete('lc.done', { status: 'kept', statusValue: 'blue' });
    expect(done.status, done.text).toBe(200);
    const stages = await stagesOf('lc.done');
    expect(stages.map((s) => s.stage)).toEqual(['initial', 'live', 'completed']);
    expect(stages[2]).toMatchObject({ status: 'kept', statusValue: 'blue' });

    expect((await complete('lc.done', { status: 'discarded' }, editor)).status).toBe(200);
    const again = await stagesOf('lc.done');
    expect(again[2]).toEqual({ stage: 'completed', enteredStageAt: stages[2].enteredStageAt, status: 'discarded' });

    expect(await lifecycleEvents('lc.done')).toEqual([
      {
        type: 'feature-completed',
        created_by: 'admin',
        project: 'lc',
        data: { status: 'kept', statusValue: 'blue' },
        pre_data: null,
      },
      {
        type: 'feature-completed',
        created_by: expect.any(String),
        project: 'lc',
        data: { status: 'discarded', statusValue: null },
        pre_data: { status: 'kept', statusValue: 'blue' },
      },
    ]);
  });

  it('uncompletes: the stage is gone and audited; uncompleting again changes and records nothing', async () => {
    expect((await uncomplete('lc.done')).status).toBe(200);
    expect(await stageNames('lc.done')).toEqual(['initial', 'live']);
    const events = await lifecycleEvents('lc.done');
    expect(events.at(-1)).toMatchObject({
      type: 'feature-uncompleted',
      data: null,
      pre_data: { status: 'discarded', statusValue: null },
    });
    expect((await uncomplete('lc.done')).status).toBe(200);
    expect(await lifecycleEvents('lc.done')).toHaveLength(events.length);
  });

  it('refuses a bad body with a 400 and changes nothing', async () => {
    expectInvalid(
      await complete('lc.done', { status: 'finished' }),
      ['status'],
      '"status" must be one of [kept, discarded]',
    );
    expect((await complete('lc.done', {})).status).toBe(400);
    expect((await complete('lc.done', { status: 'kept', statusValue: '' })).status).toBe(400);
    expect((await complete('lc.done', { status: 'kept', statusValue: 'x'.repeat(201) })).status).toBe(400);
    expect((await complete('lc.done', { status: 'kept', extra: 1 })).status).toBe(400);
    expect(await stageNames('lc.done')).toEqual(['initial', 'live']);
  });

  it('answers 404 for an unknown toggle or one of another project, and refuses an archived one', async () => {
    expectError(
      await complete('lc.nothing', { status: 'kept' }),
      404,
      'NotFoundError',
      'Could not find feature toggle with name lc.nothing in project lc',
      { isJoi: true },
    );
    await createToggle('lc.elsewhere', 'default');
    expect((await complete('lc.elsewhere', { status: 'kept' })).status).toBe(404);
    expect((await server.call('GET', lifecyclePath('lc.elsewhere'), { cookie: admin })).status).toBe(404);
    expectError(
      await complete('lc.gone', { status: 'kept' }),
      400,
      'InvalidOperationError',
      'The feature toggle lc.gone is archived: revive it before changing it',
    );
    expect(await lifecycleEvents('lc.gone')).toEqual([]);
  });

  it('needs UPDATE_FEATURE in the toggle project: a Viewer is refused until given a role there', async () => {
    expect((await complete('lc.done', { status: 'kept' }, viewer)).status).toBe(403);
    expect((await uncomplete('lc.done', viewer)).status).toBe(403);
    const member = await server.createUser('Viewer');
    expect((await complete('lc.done', { status: 'kept' }, member.cookie)).status).toBe(403);
    const granted = await server.call('POST', `api/admin/projects/lc/users/${member.id}/roles/${MEMBER}`, {
      cookie: admin,
    });
    expect(granted.status, granted.text).toBe(200);
    expect((await complete('lc.done', { status: 'kept' }, member.cookie)).status).toBe(200);
    expect((await complete('lc.elsewhere', { status: 'kept' }, member.cookie, 'default')).status).toBe(403);
    expect(await stageNames('lc.done')).toEqual(['initial', 'live', 'completed']);
  });
});

describe('archive and revive', () => {
  it('enters archived at the archive and leaves it at the revival', async () => {
    await createToggle('lc.archived');
    await report(DEV, { 'lc.archived': seen });
    expect((await server.call('DELETE', `${pf('lc')}/lc.archived`, { cookie: admin })).status).toBe(202);
    const archived = await stagesOf('lc.archived');
    expect(archived.map((s) => s.stage)).toEqual(['initial', 'pre-live', 'archived']);
    const revived = await server.call('POST', 'api/admin/archive/revive/lc.archived', { cookie: admin });
    expect(revived.status, revived.text).toBe(200);
    expect(await stageNames('lc.archived')).toEqual(['initial', 'pre-live']);
  });
});

describe("the project's toggles", () => {
  it('carry their current stage: the highest-ranked they entered', async () => {
    const overview = await server.call('GET', 'api/admin/projects/lc', { cookie: viewer });
    const stage = (name: string) =>
      (overview.body.features as Array<{ name: string; lifecycle: { stage: string } }>).find((f) => f.name === name)
        ?.lifecycle.stage;
    expect(stage('lc.new')).toBe('initial');
    expect(stage('lc.flow')).toBe('live');
    expect(stage('lc.done')).toBe('completed');
    expect(stage('lc.archived')).toBe('pre-live');
    const flow = await stagesOf('lc.flow');
    const row = (overview.body.features as Array<{ name: string; lifecycle: object }>).find(
      (f) => f.name === 'lc.flow',
    );
    expect(row?.lifecycle).toEqual({ stage: 'live', enteredStageAt: flow[2].enteredStageAt });
    const report = await server.call('GET', 'api/admin/projects/lc/health-report', { cookie: viewer });
    expect(report.body.features.find((f: { name: string }) => f.name === 'lc.done').lifecycle.stage).toBe('completed');
  });
});
