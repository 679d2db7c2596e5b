import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../test-support/answers.ts';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';

const CONFIG = (env: string, project = 'default') =>
  `api/admin/projects/${project}/environments/${env}/change-requests/config`;
const LIST_CONFIG = 'api/admin/projects/default/change-requests/config';

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const eventsOf = async (type: string) =>
  (await server.call('GET', `api/admin/events?type=${type}`, { cookie: admin })).body.events;

useServer({ users: true });
beforeAll(async () => {
  expect((await as(admin)('POST', 'api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
});

describe('change-request config', () => {
  it('lists every environment of the project, off by default, and sets one with its event', async () => {
    const before = await as(viewer)('GET', LIST_CONFIG);
    expect(before.status).toBe(200);
    expect(before.body).toContainEqual({
      environment: 'production',
      type: 'production',
      changeRequestsEnabled: false,
      requiredApprovals: 1,
    });
    const set = await as(admin)('PUT', CONFIG('production'), { changeRequestsEnabled: true, requiredApprovals: 2 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({
      environment: 'production',
      type: 'production',
      changeRequestsEnabled: true,
      requiredApprovals: 2,
    });
    expect((await as(viewer)('GET', LIST_CONFIG)).body).toContainEqual(set.body);
    const [event] = await eventsOf('change-request-configuration-updated');
    expect(event).toMatchObject({
      project: 'default',
      environment: 'production',
      data: { changeRequestsEnabled: true, requiredApprovals: 2 },
      preData: { changeRequestsEnabled: false, requiredApprovals: 1 },
    });
    await as(admin)('PUT', CONFIG('production'), { changeRequestsEnabled: false, requiredApprovals: 1 });
  });

  it("is set by the project's Owners and Admins: an Editor may once made Owner, and only in that project", async () => {
    const body = { changeRequestsEnabled: true, requiredApprovals: 1 };
    const before = await as(admin)('GET', LIST_CONFIG);
    expectError(
      await as(editor)('PUT', CONFIG('production'), body),
      403,
      'NoAccessError',
      'You need permission=PROJECT_CHANGE_REQUEST_WRITE to perform this action',
      { permission: 'PROJECT_CHANGE_REQUEST_WRITE' },
    );
    expect((await as(admin)('GET', LIST_CONFIG)).body).toEqual(before.body);

    const editorId = (await as(editor)('GET', 'api/admin/user')).body.user.id;
    expect((await as(admin)('POST', `api/admin/projects/web/users/${editorId}/roles/4`)).status).toBe(200);
    expect((await as(editor)('PUT', CONFIG('production', 'web'), body)).status).toBe(200);
    expect((await as(editor)('PUT', CONFIG('production'), body)).status).toBe(403);
    await as(editor)('PUT', CONFIG('production', 'web'), { ...body, changeRequestsEnabled: false });
  });

  it('refuses a Viewer, bad input and unknown environments, changing nothing', async () => {
    const before = await as(admin)('GET', LIST_CONFIG);
    const body = { changeRequestsEnabled: true, requiredApprovals: 1 };
    expect((await as(viewer)('PUT', CONFIG('development'), body)).status).toBe(403);
    for (const bad of [
      { changeRequestsEnabled: true, requiredApprovals: 0 },
      { changeRequestsEnabled: true, requiredApprovals: 11 },
      { changeRequestsEnabled: 'yes', requiredApprovals: 1 },
      { changeRequestsEnabled: true },
      { ...body, extra: 1 },
    ]) {
      const answer = await as(admin)('PUT', CONFIG('development'), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    expectError(
      await as(admin)('PUT', CONFIG('nowhere'), body),
      404,
      'NotFoundError',
      'Could not find environment nowhere in project default',
      { isJoi: true },
    );
    expect((await as(admin)('PUT', CONFIG('development', 'missing'), body)).status).toBe(404);
    expect((await as(admin)('GET', LIST_CONFIG)).body).toEqual(before.body);
    expect((await as(admin)('GET', 'api/admin/projects/web/change-requests/config')).status).toBe(200);
  });
});

const FEATURES = 'api/admin/projects/default/features';
const ENV = (feature: string, env: string) => `${FEATURES}/${feature}/environments/${env}`;
const gateMessage = (env: string) =>
  `Environment ${env} of project default takes changes through change requests only: request this change`;
/** The toggle's version, states and strategies, and the event count: what a change would move. */
const snapshot = async (feature: string) => {
  const [row] = await server.sql(
    `select f.version, (select count(*) from events)::int as events,
      (select string_agg(environment || ':' || enabled, ',' order by environment) from feature_environments
        where feature = f.name) as states,
      (select string_agg(id::text || strategy_name || parameters::text || sort_order, ',' order by id)
        from feature_strategies where feature = f.name) as strategies
     from features f where f.name = '${feature}'`,
  );
  return row;
};

describe('the change-request gate', () => {
  const feature = 'gated';
  let strategyId: string;
  beforeAll(async () => {
    expect((await as(admin)('POST', FEATURES, { name: feature })).status).toBe(201);
    for (const env of ['production', 'default']) {
      await as(admin)('POST', `${ENV(feature, env)}/on`);
      const set = await as(admin)('PUT', CONFIG(env), { changeRequestsEnabled: true, requiredApprovals: 1 });
      expect(set.status).toBe(200);
    }
    strategyId = (await as(admin)('GET', `${ENV(feature, 'production')}/strategies`)).body[0].id;
  });

  it('refuses every direct change of a gated environment by an Editor, changing nothing', async () => {
    const before = await snapshot(feature);
    const strategies = `${ENV(feature, 'production')}/strategies`;
    const refused: Array<[string, string, unknown?]> = [
      ['POST', `${ENV(feature, 'production')}/off`],
      ['POST', `${ENV(feature, 'production')}/on`],
      ['POST', strategies, { name: 'default' }],
      ['PUT', `${strategies}/${strategyId}`, { name: 'default', parameters: {}, constraints: [] }],
      ['PATCH', `${strategies}/${strategyId}`, [{ op: 'replace', path: '/parameters', value: {} }]],
      ['DELETE', `${strategies}/${strategyId}`],
      ['POST', `${strategies}/set-sort-order`, [{ id: strategyId, sortOrder: 3 }]],
      [
        'PUT',
        `${strategies}/${strategyId}`,
        {
          name: 'default',
          parameters: {},
          constraints: [],
          variants: [{ name: 'a', weight: 1000, stickiness: 'default', weightType: 'variable' }],
        },
      ],
      [
        'POST',
        'api/admin/features-batch/import',
        {
          project: 'default',
          environment: 'production',
          data: {
            features: [{ name: feature, type: 'release' }],
            featureStrategies: [{ name: 'default', featureName: feature }],
            featureEnvironments: [{ name: feature, enabled: false }],
          },
        },
      ],
      ['DELETE', 'api/admin/projects/default/environments/production'],
    ];
    for (const [method, path, body] of refused) {
      const answer = await as(editor)(method, path, body);
      expectError(answer, 403, 'ChangeRequestRequiredError', gateMessage('production'));
    }
    for (const [method, path, body] of [
      ['POST', `api/admin/features/${feature}/toggle/off`],
      ['PUT', `api/admin/features/${feature}`, { name: feature, enabled: false }],
      ['PUT', `api/admin/features/${feature}`, { name: feature, strategies: [{ name: 'default' }] }],
    ] as Array<[string, string, unknown?]>) {
      expectError(await as(editor)(method, path, body), 403, 'ChangeRequestRequiredError', gateMessage('default'));
    }
    expect(await snapshot(feature)).toEqual(before);
  });

  it('lets changes that touch no gated environment through', async () => {
    expect((await as(editor)('POST', `${ENV(feature, 'development')}/on`)).status).toBe(200);
    expect((await as(editor)('PUT', `api/admin/features/${feature}`, { name: feature, description: 'd' })).status).toBe(
      200,
    );
    expect((await as(editor)('POST', `api/admin/features/${feature}/stale/on`)).status).toBe(200);
  });

  it('lets a holder of SKIP_CHANGE_REQUEST (an Admin) through, each write audited as a bypass', async () => {
    const answer = await as(admin)('POST', `${ENV(feature, 'production')}/off`);
    expect(answer.status, answer.text).toBe(200);
    expect((await as(admin)('GET', ENV(feature, 'production'))).body.enabled).toBe(false);
    const [bypass] = await eventsOf('change-request-bypassed');
    expect(bypass).toMatchObject({
      createdBy: 'admin',
      featureName: feature,
      project: 'default',
      environment: 'production',
    });
    const [flip] = await eventsOf('feature-environment-disabled');
    expect(flip.id).toBeGreaterThan(bypass.id);
  });
});

const CR_PROJECT = 'api/admin/projects/cr';
const REQUESTS = `${CR_PROJECT}/change-requests`;
const DRAFT = `${CR_PROJECT}/environments/production/change-requests`;
const version = async (feature: string) =>
  Number((await as(admin)('GET', `${CR_PROJECT}/features/${feature}`)).headers.get('etag')!.replaceAll('"', ''));

describe('change requests: drafts', () => {
  let strategyId: string;
  beforeAll(async () => {
    expect((await as(admin)('POST', 'api/admin/projects', { id: 'cr', name: 'Change requests' })).status).toBe(201);
    await as(admin)('POST', `${CR_PROJECT}/environments`, { environment: 'production' });
    for (const name of ['cr-a', 'cr-b']) {
      expect((await as(admin)('POST', `${CR_PROJECT}/features`, { name })).status).toBe(201);
    }
    const config = await as(admin)('PUT', CONFIG('production', 'cr'), {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    expect(config.status).toBe(200);
    strategyId = (await as(admin)('GET', `${CR_PROJECT}/features/cr-a/environments/production/strategies`)).body[0].id;
  });

  it("adds each change to the caller's one Draft, with the toggle's version, and audits it", async () => {
    const first = await as(editor)('POST', DRAFT, {
      feature: 'cr-a',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      project: 'cr',
      environment: 'production',
      state: 'Draft',
      minApprovals: 1,
      approvals: [],
      comments: [],
      conflict: null,
      scheduledAt: null,
      changes: [
        { feature: 'cr-a', action: 'updateEnabled', payload: { enabled: true }, version: await version('cr-a') },
      ],
    });
    expect(first.body.createdBy.username).toMatch(/editor/i);
    const more = [
      { feature: 'cr-b', action: 'addStrategy', payload: { name: 'default', constraints: [] } },
      { feature: 'cr-a', action: 'updateStrategy', payload: { id: strategyId, name: 'default', parameters: {} } },
      { feature: 'cr-a', action: 'deleteStrategy', payload: { id: strategyId } },
      { feature: 'cr-a', action: 'reorderStrategy', payload: [{ id: strategyId, sortOrder: 1 }] },
    ];
    let last = first;
    for (const change of more) {
      last = await as(editor)('POST', DRAFT, change);
      expect(last.status, last.text).toBe(200);
      expect(last.body.id).toBe(first.body.id);
    }
    expect(last.body.changes.map((c: { action: string }) => c.action)).toEqual([
      'updateEnabled',
      'addStrategy',
      'updateStrategy',
      'deleteStrategy',
      'reorderStrategy',
    ]);
    const own = await as(admin)('POST', DRAFT, {
      feature: 'cr-b',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    expect(own.body.id).not.toBe(first.body.id);
    expect((await as(viewer)('GET', `${REQUESTS}/${first.body.id}`)).body).toEqual(last.body);
    const drafts = (await as(viewer)('GET', `${REQUESTS}?state=Draft`)).body.map((r: { id: number }) => r.id);
    expect(drafts).toEqual([own.body.id, first.body.id]);
    expect((await as(viewer)('GET', `${REQUESTS}?state=Applied`)).body).toEqual([]);
    const [created] = await eventsOf('change-request-created');
    expect(created).toMatchObject({ project: 'cr', environment: 'production', data: { id: own.body.id } });
    const [added] = await eventsOf('change-added');
    expect(added).toMatchObject({
      featureName: 'cr-b',
      data: { changeRequestId: own.body.id, action: 'updateEnabled' },
    });
  });

  it('keeps one change of a kind per toggle or strategy: asking again replaces it in its place', async () => {
    const add = async (change: object) => {
      const answer = await as(admin)('POST', DRAFT, change);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.changes as Array<{ feature: string; action: string; payload: unknown }>;
    };
    await add({ feature: 'cr-b', action: 'updateEnabled', payload: { enabled: true } });
    await add({ feature: 'cr-b', action: 'addStrategy', payload: { name: 'default', constraints: [] } });
    await add({ feature: 'cr-b', action: 'addStrategy', payload: { name: 'default', constraints: [] } });
    await add({ feature: 'cr-a', action: 'updateEnabled', payload: { enabled: true } });
    const changes = await add({ feature: 'cr-b', action: 'updateEnabled', payload: { enabled: false } });
    expect(changes.map(({ feature, action, payload }) => [feature, action, payload])).toEqual([
      ['cr-b', 'updateEnabled', { enabled: false }],
      ['cr-b', 'addStrategy', { name: 'default', constraints: [] }],
      ['cr-b', 'addStrategy', { name: 'default', constraints: [] }],
      ['cr-a', 'updateEnabled', { enabled: true }],
    ]);
  });

  it('refuses bad changes, environments without change requests, tokens and Viewers, changing nothing', async () => {
    const before = await as(admin)('GET', REQUESTS);
    for (const bad of [
      { feature: 'cr-a', action: 'updateEnabled', payload: { enabled: 'yes' } },
      { feature: 'cr-a', action: 'flip', payload: {} },
      { feature: 'cr-a', action: 'addStrategy', payload: { name: 'default', extra: 1 } },
      { feature: 'cr-a', action: 'deleteStrategy', payload: {} },
      { feature: 'cr-a', action: 'reorderStrategy', payload: { id: 'x' } },
      { action: 'updateEnabled', payload: { enabled: true } },
    ]) {
      const answer = await as(editor)('POST', DRAFT, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    const valid = { feature: 'cr-a', action: 'updateEnabled', payload: { enabled: false } };
    expectError(
      await as(editor)('POST', `${CR_PROJECT}/environments/development/change-requests`, valid),
      400,
      'InvalidOperationError',
      'Environment development of project cr does not take change requests',
    );
    expect((await as(editor)('POST', DRAFT, { ...valid, feature: 'gated' })).status).toBe(404);
    expect((await as(viewer)('POST', DRAFT, valid)).status).toBe(403);
    const token = (await as(admin)('POST', 'api/admin/api-tokens', { username: 'cr-admin', type: 'admin' })).body
      .secret;
    expect((await server.call('POST', DRAFT, { token, body: valid })).status).toBe(403);
    expect((await as(admin)('GET', REQUESTS)).body).toEqual(before.body);
    expect((await as(admin)('GET', `${REQUESTS}/999999`)).status).toBe(404);
  });
});

describe('change requests: transitions', () => {
  let author: string;
  /** The change-request events the webhook addon offers; one listening to them all is added first. */
  let steps: string[];
  const feature = 'cr-t';
  const state = (id: number) => `${REQUESTS}/${id}/state`;
  const enabledIn = async (env: string) =>
    (await as(admin)('GET', `${CR_PROJECT}/features/${feature}/environments/${env}`)).body.enabled;
  const awaiting = async (cookie: string) =>
    (await as(cookie)('GET', 'api/admin/change-requests/awaiting-me')).body.map((r: { id: number }) => r.id);
  /** The author's Draft with the given changes, sent for review. */
  const inReview = async (...changes: Array<Record<string, unknown>>) => {
    let draft;
    for (const change of changes) draft = await as(author)('POST', DRAFT, { feature, ...change });
    expect(draft!.status, draft!.text).toBe(200);
    const sent = await as(author)('PUT', state(draft!.body.id), { state: 'In review' });
    expect(sent.body.state).toBe('In review');
    return draft!.body.id as number;
  };
  beforeAll(async () => {
    author = (await server.createUser('Editor')).cookie;
    expect((await as(admin)('POST', `${CR_PROJECT}/features`, { name: feature })).status).toBe(201);
    const [webhook] = (await as(admin)('GET', 'api/admin/addons')).body.providers;
    steps = webhook.events.filter((type: string) => type.startsWith('change'));
    const addon = await as(admin)('POST', 'api/admin/addons', {
      provider: 'webhook',
      enabled: true,
      parameters: { url: 'http://127.0.0.1:9/change-requests' },
      events: steps,
    });
    expect(addon.status, addon.text).toBe(201);
  });

  it('moves Draft -> In review -> Approved (by enough other people) -> Applied, in one transaction', async () => {
    await as(admin)('PUT', CONFIG('production', 'cr'), { changeRequestsEnabled: true, requiredApprovals: 2 });
    const strategies = `${CR_PROJECT}/features/${feature}/environments/production/strategies`;
    const strategiesBefore = (await as(admin)('GET', strategies)).body.length;
    await as(author)('POST', DRAFT, { feature, action: 'addStrategy', payload: { name: 'default', constraints: [] } });
    const draft = await as(author)('POST', DRAFT, { feature, action: 'updateEnabled', payload: { enabled: true } });
    const id = draft.body.id;
    expectError(
      await as(author)('PUT', state(id), { state: 'Approved' }),
      400,
      'InvalidOperationError',
      'A change request in state Draft can not become Approved',
    );
    expectError(
      await as(editor)('PUT', state(id), { state: 'In review' }),
      403,
      'NoAccessError',
      'Only its author can send for review a change request',
    );
    expect((await as(author)('PUT', state(id), { state: 'In review' })).body.state).toBe('In review');
    expect(await awaiting(editor)).toContain(id);
    expect(await awaiting(author)).not.toContain(id);
    expectError(
      await as(author)('PUT', state(id), { state: 'Approved' }),
      403,
      'NoAccessError',
      'You can not approve or reject your own change request',
    );
    expect((await as(viewer)('PUT', state(id), { state: 'Approved' })).status).toBe(403);
    const first = await as(editor)('PUT', state(id), { state: 'Approved' });
    expect(first.body).toMatchObject({ state: 'In review', minApprovals: 2 });
    expect(first.body.approvals).toHaveLength(1);
    expect(await awaiting(editor)).not.toContain(id);
    expectError(
      await as(editor)('PUT', state(id), { state: 'Approved' }),
      400,
      'InvalidOperationError',
      'You have approved this change request',
    );
    expect((await as(author)('PUT', state(id), { state: 'Applied' })).status).toBe(400);
    const second = await as(admin)('PUT', state(id), { state: 'Approved', comment: 'Looks right' });
    expect(second.body).toMatchObject({ state: 'Approved', comments: [{ text: 'Looks right', createdBy: 'admin' }] });
    expect(await enabledIn('production')).toBe(false);

    const applied = await as(author)('PUT', state(id), { state: 'Applied' });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.state).toBe('Applied');
    expect(await enabledIn('production')).toBe(true);
    expect((await as(admin)('GET', strategies)).body).toHaveLength(strategiesBefore + 1);
    expectError(
      await as(author)('PUT', state(id), { state: 'Applied' }),
      409,
      'ChangeRequestAppliedError',
      'This change request has been applied already',
    );
    for (const type of [
      'change-request-sent-to-review',
      'change-request-approval-added',
      'change-request-approved',
      'change-request-applied',
    ]) {
      const [event] = await eventsOf(type);
      expect(event, type).toMatchObject({ project: 'cr', environment: 'production', data: { id } });
    }
    const [enabled] = await eventsOf('feature-environment-enabled');
    expect(enabled).toMatchObject({ featureName: feature, environment: 'production' });
    expect((await eventsOf('change-request-bypassed')).some((e: { project: string }) => e.project === 'cr')).toBe(
      false,
    );
    await as(admin)('PUT', CONFIG('production', 'cr'), { changeRequestsEnabled: true, requiredApprovals: 1 });
  });

  it('applies nothing when a toggle moved since its change was added, and shows both versions', async () => {
    const id = await inReview({ action: 'updateEnabled', payload: { enabled: false } });
    const recorded = (await as(admin)('GET', `${REQUESTS}/${id}`)).body.changes[0].version;
    expect((await as(editor)('PUT', state(id), { state: 'Approved' })).body.state).toBe('Approved');
    expect((await as(admin)('POST', `${CR_PROJECT}/features/${feature}/environments/development/on`)).status).toBe(200);
    expectError(
      await as(author)('PUT', state(id), { state: 'Applied' }),
      409,
      'ChangeRequestConflictError',
      `The toggle ${feature} changed since the change was added: it was at version ${recorded}, it is now at version ` +
        `${recorded + 1}. Nothing was applied`,
    );
    const shown = (await as(viewer)('GET', `${REQUESTS}/${id}`)).body;
    expect(shown).toMatchObject({
      state: 'Approved',
      conflict: { feature, version: recorded, currentVersion: recorded + 1 },
    });
    expect(await enabledIn('production')).toBe(true);
    expect(await version(feature)).toBe(recorded + 1);
    const [event] = await eventsOf('change-request-conflict');
    expect(event.data).toMatchObject({ id, conflict: { feature } });
    expect((await as(author)('PUT', state(id), { state: 'Cancelled' })).body.state).toBe('Cancelled');
    expect((await as(author)('PUT', state(id), { state: 'Cancelled' })).status).toBe(400);
  });

  it('rolls back every change when one fails, and rejects, cancels and comments', async () => {
    const id = await inReview(
      { action: 'updateEnabled', payload: { enabled: false } },
      { action: 'deleteStrategy', payload: { id: '00000000-0000-4000-8000-000000000000' } },
    );
    await as(editor)('PUT', state(id), { state: 'Approved' });
    const before = await version(feature);
    expect((await as(author)('PUT', state(id), { state: 'Applied' })).status).toBe(404);
    expect(await enabledIn('production')).toBe(true);
    expect(await version(feature)).toBe(before);
    expect((await as(admin)('GET', `${REQUESTS}/${id}`)).body.state).toBe('Approved');
    expect((await as(editor)('PUT', state(id), { state: 'Cancelled' })).body.state).toBe('Cancelled');

    const rejected = await inReview({ action: 'updateEnabled', payload: { enabled: false } });
    const commented = await as(editor)('POST', `${REQUESTS}/${rejected}/comments`, { text: 'Why now?' });
    expect(commented.status, commented.text).toBe(200);
    expect(commented.body.comments).toMatchObject([{ text: 'Why now?' }]);
    expect((await as(viewer)('POST', `${REQUESTS}/${rejected}/comments`, { text: 'x' })).status).toBe(403);
    expect((await as(editor)('POST', `${REQUESTS}/${rejected}/comments`, { text: '' })).status).toBe(400);
    const [comment] = await eventsOf('change-request-comment-added');
    expect(comment.data).toMatchObject({ id: rejected, comment: { text: 'Why now?' } });
    expect((await as(editor)('PUT', state(rejected), { state: 'Rejected' })).body.state).toBe('Rejected');
    expect((await as(author)('PUT', state(rejected), { state: 'Applied' })).status).toBe(400);
    expect((await as(author)('PUT', state(rejected), { state: 'Scheduled' })).status).toBe(400);
    const [event] = await eventsOf('change-request-rejected');
    expect(event.data).toMatchObject({ id: rejected, state: 'Rejected' });
    const list = (await as(viewer)('GET', `${REQUESTS}?state=Rejected`)).body.map((r: { id: number }) => r.id);
    expect(list).toEqual([rejected]);
  });

  it('reaches a webhook addon listening to them: every step taken (no bypass here) queues its delivery', async () => {
    const scheduled = await inReview({ action: 'updateEnabled', payload: { enabled: false } });
    await as(editor)('PUT', state(scheduled), { state: 'Approved' });
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await as(author)('PUT', state(scheduled), { state: 'Scheduled', scheduledAt })).status).toBe(200);
    expect((await as(author)('PUT', state(scheduled), { state: 'Cancelled' })).status).toBe(200);
    const queued = await server.sql(
      `select distinct e.type from addon_deliveries d join events e on e.id = d.event_id
       where e.project = 'cr' order by e.type`,
    );
    expect(steps).toHaveLength(15);
    // A failed schedule's and a window's end reach it too (schedule.test.ts makes them).
    const notTaken = ['change-request-bypassed', 'change-request-schedule-failed', 'change-request-reverted'];
    expect(queued.map((row) => row.type)).toEqual(steps.filter((type) => !notTaken.includes(type)).sort());
  });
});

describe('change requests: versions', () => {
  const feature = 'cr-v';
  const state = (id: number) => `${REQUESTS}/${id}/state`;
  const etagOf = (answer: { headers: Headers }) => answer.headers.get('etag');
  let author: string;
  beforeAll(async () => {
    author = (await server.createUser('Editor')).cookie;
    expect((await as(admin)('POST', `${CR_PROJECT}/features`, { name: feature })).status).toBe(201);
  });

  it('moves with each change added and each transition, not with a comment, and is the ETag', async () => {
    const change = { feature, action: 'updateEnabled', payload: { enabled: true } };
    const first = await as(author)('POST', DRAFT, change);
    expect(first.body.version).toBe(1);
    expect(etagOf(first)).toBe('"1"');
    const id = first.body.id;
    const second = await as(author)('POST', DRAFT, { ...change, payload: { enabled: false } });
    expect(second.body.version).toBe(2);
    const commented = await as(admin)('POST', `${REQUESTS}/${id}/comments`, { text: 'A note' });
    expect(commented.body.version).toBe(2);
    expect(etagOf(commented)).toBe('"2"');
    const sent = await as(author)('PUT', state(id), { state: 'In review' });
    expect(sent.body.version).toBe(3);
    expect(etagOf(sent)).toBe('"3"');
    const read = await as(viewer)('GET', `${REQUESTS}/${id}`);
    expect(read.body.version).toBe(3);
    expect(etagOf(read)).toBe('"3"');
    expect((await as(viewer)('GET', REQUESTS)).body.find((r: { id: number }) => r.id === id).version).toBe(3);
  });

  it('refuses a move based on an older version (If-Match) with 412, changing nothing; a current one goes through', async () => {
    const draft = await as(author)('POST', DRAFT, { feature, action: 'updateEnabled', payload: { enabled: true } });
    const id = draft.body.id;
    const sent = await as(author)('PUT', state(id), { state: 'In review' });
    const seen = sent.body.version;
    // Someone else comments (no move), then another approver approves: the queued approval was made against `seen`.
    await as(admin)('POST', `${REQUESTS}/${id}/comments`, { text: 'Still fine' });
    const other = (await server.createUser('Editor')).cookie;
    const approvedElsewhere = await server.call('PUT', state(id), {
      cookie: other,
      body: { state: 'Approved' },
      headers: { 'if-match': `"${seen}"` },
    });
    expect(approvedElsewhere.status, approvedElsewhere.text).toBe(200);
    const before = (await as(admin)('GET', `${REQUESTS}/${id}`)).body;
    const events = (await eventsOf('change-request-approved')).length;
    const queued = await server.call('PUT', state(id), {
      cookie: admin,
      body: { state: 'Applied' },
      headers: { 'if-match': `"${seen}"` },
    });
    expectError(
      queued,
      412,
      'PreconditionFailedError',
      `The change request ${id} changed since version ${seen}: it is now at version ${seen + 1}`,
    );
    expect((await as(admin)('GET', `${REQUESTS}/${id}`)).body).toEqual(before);
    expect(await eventsOf('change-request-approved')).toHaveLength(events);

    const bad = await server.call('PUT', state(id), {
      cookie: admin,
      body: { state: 'Applied' },
      headers: { 'if-match': 'soon' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ name: 'ValidationError', details: [{ path: ['If-Match'] }] });
    expect(
      (
        await server.call('PUT', state(999_999), {
          cookie: admin,
          body: { state: 'Applied' },
          headers: { 'if-match': '"1"' },
        })
      ).status,
    ).toBe(404);

    const current = await server.call('PUT', state(id), {
      cookie: admin,
      body: { state: 'Applied' },
      headers: { 'if-match': `W/"${before.version}"` },
    });
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ state: 'Applied', version: before.version + 1 });
    expect(etagOf(current)).toBe(`"${before.version + 1}"`);
  });
});
