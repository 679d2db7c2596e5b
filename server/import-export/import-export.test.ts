import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALUE_MESSAGES } from '../../contract/constraints.ts';
import type { ExportResult } from '../../contract/import-export.ts';
import { startServer, type TestServer } from '../test-support/harness.ts';

// POST api/admin/features-batch/{export,validate,import} on a real server (PGlite and PostgreSQL).

let server: TestServer;
let other: TestServer;
let admin: string;
let viewer: string;
let editor: string;

const ENV = 'development';
const importBody = (data: unknown, project = 'default', environment = ENV) => ({ project, environment, data });
const post = (path: string, body: unknown, cookie = admin, on = server) =>
  on.call('POST', `api/admin/features-batch/${path}`, { cookie, body });
/** A checksum of what an import writes: a refused call must leave it as it was. */
const state = async (on = server) =>
  JSON.stringify(
    await on.sql(`select
      (select count(*) from features) as features, (select count(*) from feature_strategies) as strategies,
      (select count(*) from segments) as segments, (select count(*) from context_fields) as fields,
      (select count(*) from tag_types) as tag_types, (select count(*) from feature_tags) as tags,
      (select count(*) from feature_dependencies) as dependencies, (select count(*) from events) as events,
      (select coalesce(sum(version), 0) from features) as versions`),
  );

/** Everything the format carries: variants totalling 99 (kept), a number payload, strategy variants, segments... */
const PARENT_CONSTRAINTS = [
  { contextName: 'ie-version', operator: 'SEMVER_GT', value: '1.2.3', values: [], inverted: false },
  { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['a', 'b'], caseInsensitive: true },
];
const DATA = {
  features: [
    { name: 'ie.parent', type: 'release', description: 'The parent', stale: false, impressionData: true },
    { name: 'ie.child', type: 'experiment', description: null, stale: true, impressionData: false },
  ],
  featureStrategies: [
    {
      name: 'flexibleRollout',
      featureName: 'ie.parent',
      sortOrder: 0,
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'ie.parent' },
      constraints: PARENT_CONSTRAINTS,
      segments: [7],
      variants: [{ name: 'sv', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    },
    { name: 'userWithId', featureName: 'ie.parent', sortOrder: 1, parameters: { userIds: 'u1,u2' } },
    { name: 'default', featureName: 'ie.child', sortOrder: 0 },
  ],
  featureEnvironments: [
    {
      name: 'ie.parent',
      enabled: true,
      variants: [
        {
          name: 'a',
          weight: 33,
          weightType: 'variable',
          stickiness: 'default',
          payload: { type: 'number', value: '42' },
        },
        {
          name: 'b',
          weight: 66,
          weightType: 'fix',
          stickiness: 'default',
          overrides: [{ contextName: 'userId', values: ['u9'] }],
        },
      ],
    },
    { name: 'ie.child', enabled: false, variants: [] },
  ],
  contextFields: [
    { name: 'ie-version', description: 'App version', stickiness: false, legalValues: [{ value: '1.0.0' }] },
  ],
  featureTags: [{ featureName: 'ie.child', tagType: 'ie-team', tagValue: 'checkout' }],
  tagTypes: [{ name: 'ie-team', description: 'Team', icon: null }],
  segments: [
    {
      id: 7,
      name: 'ie-beta',
      description: 'Beta users',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
    },
  ],
  dependencies: [{ feature: 'ie.child', dependencies: [{ feature: 'ie.parent', enabled: true, variants: ['a'] }] }],
};

/** An export without what differs between servers (strategy ids; segment ids, replaced by names). */
function comparable(result: ExportResult) {
  const segmentName = new Map((result.segments ?? []).map((s) => [s.id, s.name]));
  return {
    ...result,
    featureStrategies: result.featureStrategies.map(({ id: _id, ...s }) => ({
      ...s,
      segments: (s.segments ?? []).map((id) => segmentName.get(id)),
    })),
    segments: (result.segments ?? []).map(({ id: _id, ...s }) => s),
  };
}

beforeAll(async () => {
  [server, other] = await Promise.all([startServer(), startServer()]);
  admin = await server.adminCookie();
  [viewer, editor] = (await Promise.all([server.createUser('Viewer'), server.createUser('Editor')])).map(
    (u) => u.cookie,
  );
});
afterAll(async () => {
  await Promise.all([server?.close(), other?.close()]);
});

describe('import and export', () => {
  it('imports everything in one go, exports it back as it went in, and another server takes the export', async () => {
    const validation = await post('validate', importBody(DATA), editor);
    expect(validation.status).toBe(200);
    expect(validation.body).toEqual({ errors: [], warnings: [], permissions: [] });

    const imported = await post('import', importBody(DATA), editor);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.text).toBe('');

    const exported = await post('export', { environment: ENV, features: ['ie.parent', 'ie.child'] }, viewer);
    expect(exported.status).toBe(200);
    const withIds = exported.body as ExportResult;
    expect(withIds.features).toEqual([
      {
        name: 'ie.child',
        type: 'experiment',
        description: null,
        project: 'default',
        stale: true,
        impressionData: false,
      },
      {
        name: 'ie.parent',
        type: 'release',
        description: 'The parent',
        project: 'default',
        stale: false,
        impressionData: true,
      },
    ]);
    // Variants exactly as given (a total of 99), strategies in their order with their segments and variants.
    const parentState = withIds.featureEnvironments!.find((f) => f.name === 'ie.parent')!;
    expect(parentState).toEqual({ ...DATA.featureEnvironments[0], featureName: 'ie.parent', environment: ENV });
    expect(comparable(withIds).featureStrategies).toEqual([
      {
        name: 'default',
        featureName: 'ie.child',
        sortOrder: 0,
        parameters: {},
        constraints: [],
        segments: [],
        variants: [],
      },
      {
        ...DATA.featureStrategies[0],
        constraints: [
          { ...PARENT_CONSTRAINTS[0], caseInsensitive: false },
          { ...PARENT_CONSTRAINTS[1], inverted: false },
        ],
        segments: ['ie-beta'],
      },
      { ...DATA.featureStrategies[1], constraints: [], segments: [], variants: [] },
    ]);
    expect(withIds.segments).toEqual([
      {
        ...DATA.segments[0],
        id: expect.any(Number),
        constraints: [{ ...DATA.segments[0].constraints[0], inverted: false, caseInsensitive: false }],
      },
    ]);
    // The context fields the strategies use (userId is built in), the imported one as it was given.
    expect(withIds.contextFields!.map((c) => c.name)).toEqual(['userId', 'ie-version']);
    expect(withIds.contextFields![1]).toEqual({ ...DATA.contextFields[0], sortOrder: expect.any(Number) });
    expect(withIds.featureTags).toEqual(DATA.featureTags);
    expect(withIds.tagTypes).toEqual(DATA.tagTypes);
    expect(withIds.dependencies).toEqual(DATA.dependencies);

    // The SDKs are served the stored weights, not rescaled to 1000.
    const token = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'ie', type: 'client', project: 'default', environment: ENV },
    });
    const client = await server.call('GET', 'api/client/features', { token: token.body.secret });
    const served = client.body.features.find((f: { name: string }) => f.name === 'ie.parent');
    expect(served.variants.map((v: { weight: number }) => v.weight)).toEqual([33, 66]);
    expect(served.enabled).toBe(true);

    // Round trip: the export imported into another server exports the same.
    const again = await post('import', importBody(withIds), await other.adminCookie(), other);
    expect(again.status, again.text).toBe(200);
    const second = await post('export', { environment: ENV, project: 'default' }, await other.adminCookie(), other);
    expect(comparable(second.body)).toEqual(comparable(withIds));
  });

  it('writes one features-imported event per toggle and the events of what it creates', async () => {
    const events = await server.sql(
      `select type, feature_name, environment from events where type in
        ('features-imported', 'segment-created', 'context-field-created', 'tag-type-created', 'tag-created')
       order by id`,
    );
    expect(events.map((e) => [e.type, e.feature_name])).toEqual([
      ['context-field-created', null],
      ['tag-type-created', null],
      ['segment-created', null],
      ['tag-created', null],
      ['features-imported', 'ie.parent'],
      ['features-imported', 'ie.child'],
    ]);
  });

  it('imports again over the same toggles: strategies, tags and dependencies replaced, versions bumped', async () => {
    const before = await server.sql(`select name, version from features where name like 'ie.%' order by name`);
    const validation = await post('validate', importBody(DATA));
    expect(validation.body.warnings).toEqual([
      {
        message: 'The following features already exist in this project and will be overwritten:',
        affectedItems: ['ie.parent', 'ie.child'],
      },
    ]);
    const data = { ...DATA, featureStrategies: DATA.featureStrategies.slice(2), featureTags: [], dependencies: [] };
    expect((await post('import', importBody(data))).status).toBe(200);
    const after = await server.sql(`select name, version from features where name like 'ie.%' order by name`);
    expect(after.map((r) => Number(r.version))).toEqual(before.map((r) => Number(r.version) + 1));
    const exported = (await post('export', { environment: ENV, tag: 'ie-team:checkout' })).body;
    expect(exported.features).toEqual([]);
    const byProject = (await post('export', { environment: ENV, project: 'default' })).body as ExportResult;
    expect(byProject.featureStrategies.map((s) => s.featureName)).toEqual(['ie.child']);
    expect(byProject.dependencies).toEqual([]);
  });

  const refusals: Array<[string, unknown, number, RegExp]> = [
    [
      'an unknown strategy',
      { features: [{ name: 'ie.x' }], featureStrategies: [{ name: 'no-such-strategy', featureName: 'ie.x' }] },
      400,
      /custom strategy .* created first: no-such-strategy/,
    ],
    [
      'a constraint value the operator cannot use',
      {
        features: [{ name: 'ie.x' }],
        featureStrategies: [
          {
            name: 'default',
            featureName: 'ie.x',
            constraints: [{ contextName: 'v', operator: 'SEMVER_GT', value: 'abc' }],
          },
        ],
      },
      400,
      new RegExp(
        `featureStrategies\\[0\\]\\.constraints\\[0\\]: ${VALUE_MESSAGES.semver.replace(/[.()]/g, '\\$&')} \\(toggle ie.x\\)`,
      ),
    ],
    [
      'an unknown operator',
      {
        features: [{ name: 'ie.x' }],
        featureStrategies: [
          { name: 'default', featureName: 'ie.x', constraints: [{ contextName: 'v', operator: 'NOPE', values: [] }] },
        ],
      },
      400,
      /operator/,
    ],
    [
      'a strategy of a toggle the import does not have',
      { features: [{ name: 'ie.x' }], featureStrategies: [{ name: 'default', featureName: 'ie.y' }] },
      400,
      /featureName: ie.y is not a toggle of the import/,
    ],
    [
      'a segment the import does not carry',
      { features: [{ name: 'ie.x' }], featureStrategies: [{ name: 'default', featureName: 'ie.x', segments: [3] }] },
      400,
      /the segment 3 is not in the import's segments/,
    ],
    [
      'a dependency on a missing parent',
      {
        features: [{ name: 'ie.x' }],
        featureStrategies: [],
        dependencies: [{ feature: 'ie.x', dependencies: [{ feature: 'ie.gone' }] }],
      },
      400,
      /dependent toggles that cannot be imported.*: ie.x/,
    ],
    [
      'a toggle name that breaks URLs (the name rule of the toggle API)',
      { features: [{ name: 'ie/x' }], featureStrategies: [] },
      400,
      /features\[0\]\.name: name must be URL friendly/,
    ],
    [
      'a parameter value of the wrong type (the parameter rule of the toggle API)',
      {
        features: [{ name: 'ie.x' }],
        featureStrategies: [{ name: 'flexibleRollout', featureName: 'ie.x', parameters: { rollout: '150' } }],
      },
      400,
      /featureStrategies\[0\]\.parameters\.rollout must be a whole number from 0 to 100 \(toggle ie.x\)/,
    ],
    [
      'the same toggle twice',
      { features: [{ name: 'ie.x' }, { name: 'ie.x' }], featureStrategies: [] },
      400,
      /duplicate in your import data: ie.x/,
    ],
    [
      'a field the format does not have',
      { features: [{ name: 'ie.x', color: 'red' }], featureStrategies: [] },
      400,
      /color/,
    ],
    ['no data', undefined, 400, /data/],
  ];
  for (const [what, data, status, message] of refusals) {
    it(`refuses ${what} with ${status}, changing nothing`, async () => {
      const before = await state();
      const answer = await post('import', importBody(data));
      expect(answer.status, answer.text).toBe(status);
      expect(answer.body.message).toMatch(message);
      expect(answer.body.details[0].message).toBeTruthy();
      expect(await state()).toBe(before);
    });
  }

  it('refuses an archived toggle of that name and a toggle of another project', async () => {
    await server.call('POST', 'api/admin/projects', { cookie: admin, body: { id: 'ie-other', name: 'Other' } });
    await server.call('POST', 'api/admin/projects/default/features', { cookie: admin, body: { name: 'ie.archived' } });
    await server.call('DELETE', 'api/admin/features/ie.archived', { cookie: admin });
    const before = await state();
    const data = { features: [{ name: 'ie.archived' }, { name: 'ie.parent' }], featureStrategies: [] };
    const answer = await post('import', importBody(data, 'ie-other'));
    expect(answer.status).toBe(400);
    expect(answer.body.name).toBe('BadDataError');
    expect(answer.body.message).toMatch(/archived and cannot be imported.*: ie.archived/);
    expect(answer.body.message).toMatch(/outside of project ie-other: ie.parent \(in project default\)/);
    expect(answer.body.details.map((d: { affectedItems: string[] }) => d.affectedItems)).toEqual([
      ['ie.parent (in project default)'],
      ['ie.archived'],
    ]);
    expect(await state()).toBe(before);
    const validation = await post('validate', importBody(data, 'ie-other'));
    expect(validation.body.errors.map((e: { affectedItems: string[] }) => e.affectedItems)).toEqual([
      ['ie.parent (in project default)'],
      ['ie.archived'],
    ]);
  });

  it('answers 404 for an unknown project or environment and 400 for an environment the project lacks', async () => {
    const data = { features: [{ name: 'ie.x' }], featureStrategies: [] };
    expect((await post('import', importBody(data, 'no-such-project'))).status).toBe(404);
    expect((await post('import', importBody(data, 'default', 'no-such-env'))).status).toBe(404);
    await server.call('POST', 'api/admin/environments', { cookie: admin, body: { name: 'ie-env', type: 'test' } });
    const answer = await post('import', importBody(data, 'default', 'ie-env'));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The environment ie-env is not enabled in project default');
  });

  it('needs UPDATE_FEATURE in the project to import; validate and export are open to any signed-in user', async () => {
    const data = { features: [{ name: 'ie.viewer' }], featureStrategies: [] };
    const before = await state();
    const refused = await post('import', importBody(data), viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.name).toBe('NoAccessError');
    expect(await state()).toBe(before);
    expect((await post('validate', importBody(data), viewer)).body.permissions).toEqual([
      { message: 'We detected you are missing the following permissions:', affectedItems: ['CREATE_FEATURE'] },
    ]);
    expect(
      (await server.call('POST', 'api/admin/features-batch/export', { body: { environment: ENV, project: 'default' } }))
        .status,
    ).toBe(401);
  });

  it("a project's Owner imports toggles there, but not a new segment or context field (403, nothing changed)", async () => {
    const created = await server.call('POST', 'api/admin/projects', {
      cookie: admin,
      body: { id: 'ie-owned', name: 'Owned' },
    });
    expect(created.status).toBe(201);
    const person = await server.createUser('Viewer');
    const OWNER_ROLE = 4;
    const granted = await server.call('POST', `api/admin/projects/ie-owned/users/${person.id}/roles/${OWNER_ROLE}`, {
      cookie: admin,
    });
    expect(granted.status).toBeLessThan(300);
    const features = [{ name: 'ie.owned' }];
    const strategy = {
      featureName: 'ie.owned',
      name: 'default',
      constraints: [],
      parameters: {},
      segments: [1],
    };
    const before = await state();

    const segment = { id: 1, name: 'ie-owner-segment', constraints: [] };
    const withSegment = { features, featureStrategies: [strategy], segments: [segment] };
    const refusedSegment = await post('import', importBody(withSegment, 'ie-owned'), person.cookie);
    expect(refusedSegment.status).toBe(403);
    expect(refusedSegment.body.name).toBe('NoAccessError');
    expect(refusedSegment.body.message).toContain('CREATE_SEGMENT');

    const field = { name: 'ie-owner-field', legalValues: [{ value: 'a' }] };
    const withField = { features, featureStrategies: [], contextFields: [field] };
    const refusedField = await post('import', importBody(withField, 'ie-owned'), person.cookie);
    expect(refusedField.status).toBe(403);
    expect(refusedField.body.message).toContain('CREATE_CONTEXT_FIELD');
    expect(await state()).toBe(before);

    const plain = await post('import', importBody({ features, featureStrategies: [] }, 'ie-owned'), person.cookie);
    expect(plain.status, plain.text).toBe(200);
    expect(await state()).not.toBe(before);
  });

  it('refuses an export that names no toggles, or an unknown toggle or environment', async () => {
    const none = await post('export', { environment: ENV });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Name the toggles to export with exactly one of features, tag or project');
    const unknown = await post('export', { environment: ENV, features: ['ie.parent', 'ie.nope'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Could not find feature toggles: ie.nope');
    expect((await post('export', { environment: 'no-such-env', project: 'default' })).status).toBe(404);
    expect((await post('export', { environment: ENV, tag: 'no-colon' })).status).toBe(400);
  });
});
