// After a change, a snapshot is patched (only the toggles the change names, or that use a segment it changed, are
// read again) when that can be told safely: these tests show that a patched snapshot is, byte for byte, the one a
// full read gives at that state, with the same ETag, places, segments, objects and fingerprints, over a series of
// mixed changes, and that any other change is read whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type CallResult, type TestServer } from '../test-support/harness.ts';
import { clientAnswer } from './answers.ts';
import { strongEtag } from './rules.ts';
import type { serializedClientFeatures } from './service.ts';
import { Snapshot, snapshotsOf } from './snapshots.ts';

const P = 'api/admin/projects/default/features';
const all = { project: '*', environment: 'default' };

/** The answers kept in the cache: SDKs' default, segments by id, a project token's, a tag filter, a name prefix. */
const answers = {
  inlined: clientAnswer(all, {}, true),
  byId: clientAnswer(all, {}, false),
  project: clientAnswer({ project: 'default', environment: 'development' }, {}, true),
  tagged: clientAnswer(all, { tag: [['simple', 'patch-tag']] }, true),
  prefixed: clientAnswer(all, { namePrefix: 'patch.B' }, false),
};

/** Names whose order differs between collations (case, `-`, `_`, `.`): a new one must land where a read puts it. */
const SEEDED = ['patch.a', 'patch.B-one', 'patch_c', 'patch.z', 'patch.b_two', 'Patch.Upper'];

interface Step {
  what: string;
  change(call: (method: string, path: string, body?: unknown) => Promise<CallResult>): Promise<unknown>;
  /** Read whole rather than patched (in the SDKs' default answer). */
  whole?: boolean;
}

const env = (name: string, environment = 'default') => `${P}/${name}/environments/${environment}`;
let strategy = '';
let segment = 0;
let second = 0;

const steps: Step[] = [
  { what: 'enable', change: (call) => call('POST', 'api/admin/features/patch.a/toggle/on') },
  { what: 'disable', change: (call) => call('POST', 'api/admin/features/patch.a/toggle/off') },
  {
    what: 'enable in another environment',
    change: (call) => call('POST', `${env('patch.z', 'development')}/on`),
  },
  {
    what: 'add a strategy',
    change: async (call) => {
      const added = await call('POST', `${env('patch_c')}/strategies`, {
        name: 'flexibleRollout',
        parameters: { rollout: '30', stickiness: 'default', groupId: 'patch_c' },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      });
      strategy = added.body.id;
    },
  },
  {
    what: 'edit a strategy',
    change: (call) =>
      call('PUT', `${env('patch_c')}/strategies/${strategy}`, {
        name: 'flexibleRollout',
        parameters: { rollout: '60', stickiness: 'default', groupId: 'patch_c' },
      }),
  },
  { what: 'delete a strategy', change: (call) => call('DELETE', `${env('patch_c')}/strategies/${strategy}`) },
  {
    what: 'set the variants',
    change: (call) => call('PUT', `${P}/patch.z/variants`, [{ name: 'blue' }, { name: 'green' }]),
  },
  { what: 'mark stale', change: (call) => call('POST', 'api/admin/features/patch.B-one/stale/on') },
  { what: 'tag', change: (call) => call('POST', 'api/admin/features/patch.z/tags', { value: 'patch-tag' }) },
  { what: 'tag another', change: (call) => call('POST', 'api/admin/features/patch.a/tags', { value: 'patch-tag' }) },
  { what: 'untag', change: (call) => call('DELETE', 'api/admin/features/patch.z/tags/simple/patch-tag') },
  { what: 'create (in the middle)', change: (call) => call('POST', 'api/admin/features', { name: 'patch.B' }) },
  { what: 'create (first)', change: (call) => call('POST', 'api/admin/features', { name: 'Patch.A-first' }) },
  { what: 'create (last)', change: (call) => call('POST', 'api/admin/features', { name: 'patch~last' }) },
  {
    what: 'create two at once (an import)',
    change: (call) =>
      call('POST', 'api/admin/features-batch/import', {
        project: 'default',
        environment: 'default',
        data: {
          features: [
            { name: 'patch.B-imported', type: 'release', project: 'default' },
            { name: 'patch.B-imported-too', type: 'release', project: 'default' },
          ],
          featureStrategies: [],
        },
      }),
  },
  { what: 'archive', change: (call) => call('DELETE', 'api/admin/features/patch.B') },
  { what: 'revive', change: (call) => call('POST', 'api/admin/archive/revive/patch.B') },
  { what: 'archive the first', change: (call) => call('DELETE', 'api/admin/features/Patch.A-first') },
  { what: 'delete it', change: (call) => call('DELETE', 'api/admin/archive/Patch.A-first') },
  {
    what: 'move to another project',
    change: (call) => call('POST', `${P}/patch.b_two/changeProject`, { newProjectId: 'web' }),
  },
  {
    what: 'add a dependency',
    change: (call) => call('POST', `${P}/patch.a/dependencies`, { feature: 'patch.z', enabled: true }),
  },
  {
    what: 'flip and stale at once (two changes, one read)',
    change: async (call) => {
      await call('POST', 'api/admin/features/patch.z/toggle/on');
      await call('POST', 'api/admin/features/patch_c/stale/on');
    },
  },
  { what: 'a change SDKs do not see (a favorite)', change: (call) => call('POST', `${P}/patch.a/favorites`) },
  {
    what: "use a segment (the segments' list grows where listed)",
    change: async (call) => {
      segment = (await call('POST', 'api/admin/segments', { name: 'patch-beta', constraints: [] })).body.id;
      await call('POST', `${env('patch.z')}/strategies`, { name: 'default', segments: [segment] });
    },
  },
  {
    what: 'edit the segment (the toggles using it change where inlined, the list where listed)',
    change: (call) =>
      call('PUT', `api/admin/segments/${segment}`, {
        name: 'patch-beta',
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['beta'] }],
      }),
  },
  {
    what: 'another toggle uses the segment and a second one',
    change: async (call) => {
      const body = { name: 'patch-gamma', constraints: [{ contextName: 'userId', operator: 'IN', values: ['7'] }] };
      second = (await call('POST', 'api/admin/segments', body)).body.id;
      const added = await call('POST', `${env('patch.a')}/strategies`, {
        name: 'default',
        segments: [second, segment],
      });
      strategy = added.body.id;
    },
  },
  {
    what: 'edit the second segment',
    change: (call) => call('PUT', `api/admin/segments/${second}`, { name: 'patch-gamma-renamed', constraints: [] }),
  },
  { what: 'flip a toggle using segments', change: (call) => call('POST', 'api/admin/features/patch.a/toggle/off') },
  {
    what: "stop using the second segment (the segments' list shrinks where listed)",
    change: (call) => call('DELETE', `${env('patch.a')}/strategies/${strategy}`),
  },
  { what: 'delete the unused segment', change: (call) => call('DELETE', `api/admin/segments/${second}`) },
  {
    what: 'define, edit and deprecate a strategy (nothing SDKs see)',
    change: async (call) => {
      await call('POST', 'api/admin/strategies', { name: 'patch-custom', description: 'one' });
      await call('PUT', 'api/admin/strategies/patch-custom', { description: 'two' });
      await call('POST', 'api/admin/strategies/patch-custom/deprecate');
    },
  },
  {
    what: 'reorder the environments (nothing SDKs see)',
    change: (call) => call('PUT', 'api/admin/environments/sort-order', { development: 7 }),
  },
  {
    what: 'require change requests, request a change and send it to review (nothing SDKs see)',
    change: async (call) => {
      const config = 'api/admin/projects/default/environments/development/change-requests/config';
      await call('PUT', config, { changeRequestsEnabled: true, requiredApprovals: 1 });
      const requested = await call('POST', 'api/admin/projects/default/environments/development/change-requests', {
        feature: 'patch.z',
        action: 'updateEnabled',
        payload: { enabled: true },
      });
      await call('PUT', `api/admin/projects/default/change-requests/${requested.body.id}/state`, {
        state: 'In review',
      });
      await call('PUT', config, { changeRequestsEnabled: false, requiredApprovals: 1 });
    },
  },
  {
    what: "a trigger set up and called (the toggle's own change is patched in)",
    change: async (call) => {
      const created = await call('POST', `${P}/patch.B-one/triggers`, {
        environment: 'default',
        action: 'on',
        description: 'Alert',
      });
      await call('POST', `api/triggers/${String(created.body.url).split('/api/triggers/')[1]}`);
    },
  },
  {
    what: 'disable an environment',
    change: (call) => call('POST', 'api/admin/environments/development/off'),
    whole: true,
  },
  { what: 'flip after those', change: (call) => call('POST', 'api/admin/features/patch.z/toggle/off') },
];

describe('a patched snapshot is the one a full read gives', () => {
  let server: TestServer;
  let admin: string;
  let deps: Parameters<typeof serializedClientFeatures>[0];
  beforeAll(async () => {
    server = await startServer();
    deps = { db: server.db } as typeof deps;
    admin = await server.adminCookie();
    expect(
      (await server.call('POST', 'api/admin/projects', { cookie: admin, body: { id: 'web', name: 'Web' } })).status,
    ).toBe(201);
    for (const name of SEEDED) {
      const created = await server.call('POST', 'api/admin/features', { cookie: admin, body: { name } });
      expect(created.status, created.text).toBe(201);
    }
    // Each answer is kept, with its objects and fingerprints made, so that a patch has them to carry over.
    for (const answer of Object.values(answers)) {
      const snapshot = await snapshotsOf(server.app.revisions).get(answer.key, (p) => answer.read(deps, p));
      await snapshot.state();
      snapshot.fingerprints();
    }
  });
  afterAll(() => server?.close());

  for (const step of steps) {
    it(step.what, async () => {
      const cache = snapshotsOf(server.app.revisions);
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await server.call(method, path, { cookie: admin, body, contentType: 'application/json' });
        expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
        return response;
      };
      await step.change(call);
      for (const [which, answer] of Object.entries(answers)) {
        const patchedBefore = cache.patched;
        const snapshot = await cache.get(answer.key, (previous) => answer.read(deps, previous));
        if (which === 'inlined') expect(cache.patched - patchedBefore, 'patched').toBe(step.whole ? 0 : 1);
        const read = await answer.read(deps);
        const fresh = new Snapshot(0, await strongEtag(read.body), read, () => {});
        expect(snapshot.encoded.identity!.toString(), which).toBe(read.body.toString());
        expect(snapshot.etag).toBe(fresh.etag);
        expect([...snapshot.places]).toEqual([...fresh.places]);
        expect(snapshot.list).toEqual(fresh.list);
        expect(snapshot.segments).toEqual(fresh.segments);
        expect(snapshot.named).toEqual(fresh.named);
        expect(new Map(snapshot.uses)).toEqual(new Map(fresh.uses));
        expect(await snapshot.state()).toEqual(await fresh.state());
        expect(new Map(snapshot.fingerprints())).toEqual(new Map(fresh.fingerprints()));
      }
    });
  }
});
