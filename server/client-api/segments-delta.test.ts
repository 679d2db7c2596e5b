// Segments as SDKs receive them (inlined into the strategies, or by id with a top-level list), and the delta API
// (client specification 19 and 20): a hydration, then the changes since the state the SDK has, or 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDelta, ClientFeature } from '../../contract/client-api.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';
import { startSecondProcess, type SecondProcess } from '../test-support/second-process.ts';

const CLIENT = '*:default.segments-client-secret-abcdefghij';
const STRATEGIES = (feature: string) =>
  `api/admin/projects/default/features/${feature}/environments/default/strategies`;
const inList = (contextName: string, ...values: string[]) => ({ contextName, operator: 'IN', values });
const served = (c: { contextName: string; values: string[] }) => ({
  ...c,
  operator: 'IN',
  inverted: false,
  caseInsensitive: false,
});

let segmentId: number;
const call = (method: string, path: string, body?: unknown) => server.call(method, path, { cookie: admin, body });
const get = (path: string, headers: Record<string, string> = {}) =>
  server.call('GET', path, { token: CLIENT, headers });
const byName = (features: ClientFeature[], name: string) => features.find((f) => f.name === name)!;
/** The strategy added to seg.one (after the default strategy every new toggle gets). */
const added = (features: ClientFeature[]) => byName(features, 'seg.one').strategies[1];

useServer({ env: { INIT_CLIENT_API_TOKENS: CLIENT } });
beforeAll(async () => {
  const segment = await call('POST', 'api/admin/segments', { name: 'beta', constraints: [inList('userId', 'a', 'b')] });
  segmentId = segment.body.id;
  for (const name of ['seg.one', 'seg.plain']) {
    expect((await call('POST', 'api/admin/projects/default/features', { name })).status).toBe(201);
  }
  const strategy = await call('POST', STRATEGIES('seg.one'), {
    name: 'default',
    constraints: [inList('appName', 'web')],
    segments: [segmentId],
  });
  expect(strategy.status).toBe(200);
});

describe('segments in the client API', () => {
  it("inlines a segment's constraints for SDKs that do not ask for segments", async () => {
    for (const headers of [{}, { 'unleash-client-spec': '4.1.0' }] as Array<Record<string, string>>) {
      const answer = await get('api/client/features', headers);
      expect(answer.body.segments).toBeUndefined();
      expect(added(answer.body.features)).toEqual({
        name: 'default',
        parameters: {},
        constraints: [served(inList('appName', 'web')), served(inList('userId', 'a', 'b'))],
      });
    }
  });

  it('names segments by id with the list of those used, when asked or when the SDK supports them', async () => {
    const inlined = await get('api/client/features');
    for (const [path, headers] of [
      ['api/client/features?inlineSegmentConstraints=false', {}],
      ['api/client/features', { 'unleash-client-spec': '4.2.0' }],
      ['api/client/features', { 'unleash-client-spec': '5.2.0' }],
    ] as const) {
      const answer = await get(path, headers);
      expect(answer.status).toBe(200);
      expect(answer.body.segments).toEqual([
        { id: segmentId, name: 'beta', constraints: [served(inList('userId', 'a', 'b'))] },
      ]);
      expect(added(answer.body.features)).toEqual({
        name: 'default',
        parameters: {},
        constraints: [served(inList('appName', 'web'))],
        segments: [segmentId],
      });
      expect(byName(answer.body.features, 'seg.plain').strategies[0].segments).toBeUndefined();
      expect(answer.headers.get('etag')).not.toBe(inlined.headers.get('etag'));
    }
    const one = await server.call('GET', 'api/client/features/seg.one', {
      token: CLIENT,
      headers: { 'unleash-client-spec': '5.2.0' },
    });
    expect(one.body.strategies[1].segments).toEqual([segmentId]);
  });

  it('gives the next answer of either form a new ETag and the new constraints when a segment changes', async () => {
    const forms: Array<Record<string, string>> = [{}, { 'unleash-client-spec': '5.2.0' }];
    const before = await Promise.all(forms.map((headers) => get('api/client/features', headers)));
    const changed = await call('PUT', `api/admin/segments/${segmentId}`, {
      name: 'beta',
      constraints: [inList('userId', 'c')],
    });
    expect(changed.status).toBe(204);
    const after = await Promise.all(
      forms.map((headers, i) =>
        get('api/client/features', { ...headers, 'if-none-match': before[i].headers.get('etag')! }),
      ),
    );
    expect(after.map((a) => a.status)).toEqual([200, 200]);
    expect(after[0].headers.get('etag')).not.toBe(before[0].headers.get('etag'));
    expect(after[1].headers.get('etag')).not.toBe(before[1].headers.get('etag'));
    expect(added(after[0].body.features).constraints[1]).toEqual(served(inList('userId', 'c')));
    expect(after[1].body.segments[0].constraints).toEqual([served(inList('userId', 'c'))]);
  });
});

describe('the delta API', () => {
  const delta = async (ifNoneMatch?: string) => {
    const answer = await get('api/client/delta', ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {});
    return { status: answer.status, etag: answer.headers.get('etag'), body: answer.body as ClientDelta };
  };

  it('hydrates, answers 304 while nothing changed, then sends the changes since the state the SDK has', async () => {
    const first = await delta();
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.body.events).toHaveLength(1);
    const [hydration] = first.body.events;
    if (hydration.type !== 'hydration') throw new Error(`expected a hydration, got ${hydration.type}`);
    expect(hydration.eventId).toBeGreaterThan(0);
    expect(hydration.features.map((f) => f.name)).toEqual(['seg.one', 'seg.plain']);
    expect(added(hydration.features).segments).toEqual([segmentId]);
    expect(hydration.segments.map((s) => s.id)).toEqual([segmentId]);
    // The same state as GET api/client/features with segments by id.
    const full = await get('api/client/features?inlineSegmentConstraints=false');
    expect(hydration.features).toEqual(full.body.features);
    expect(hydration.segments).toEqual(full.body.segments);

    const unchanged = await delta(first.etag!);
    expect(unchanged.status).toBe(304);

    // Changes: a toggle turned on, a new toggle, a segment changed, one toggle archived, a segment no longer used.
    expect((await call('POST', 'api/admin/features/seg.plain/toggle/on', {})).status).toBe(200);
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'seg.new' })).status).toBe(201);
    const other = await call('POST', 'api/admin/segments', { name: 'other', constraints: [inList('x', 'y')] });
    const strategyOfNew = await call('POST', STRATEGIES('seg.new'), { name: 'default', segments: [other.body.id] });
    expect(strategyOfNew.status).toBe(200);
    const second = await delta(first.etag!);
    expect(second.status).toBe(200);
    expect(second.etag).not.toBe(first.etag);
    expect(second.body.events.map((e) => e.type).sort()).toEqual(
      ['feature-updated', 'feature-updated', 'segment-updated'].sort(),
    );
    const updated = second.body.events.flatMap((e) => (e.type === 'feature-updated' ? [e.feature.name] : []));
    expect(updated.sort()).toEqual(['seg.new', 'seg.plain']);
    const eventIds = new Set(second.body.events.map((e) => e.eventId));
    expect(eventIds.size).toBe(1);
    expect([...eventIds][0]).toBeGreaterThan(hydration.eventId);

    expect((await call('PUT', `api/admin/segments/${segmentId}`, { name: 'beta', constraints: [] })).status).toBe(204);
    expect((await call('DELETE', `${STRATEGIES('seg.new')}/${strategyOfNew.body.id}`)).status).toBe(200);
    expect((await call('DELETE', 'api/admin/features/seg.plain')).status).toBe(200);
    const third = await delta(second.etag!);
    expect(third.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'segment-updated',
          segment: { id: segmentId, name: 'beta', constraints: [] },
        }),
        expect.objectContaining({ type: 'feature-updated', feature: expect.objectContaining({ name: 'seg.new' }) }),
        expect.objectContaining({ type: 'feature-removed', featureName: 'seg.plain', project: 'default' }),
        expect.objectContaining({ type: 'segment-removed', segmentId: other.body.id }),
      ]),
    );
    expect(third.body.events).toHaveLength(4);
    expect((await delta(third.etag!)).status).toBe(304);
  });

  it('hydrates an SDK whose state this process does not know', async () => {
    const unknown = await delta('"not-a-state-this-process-served"');
    expect(unknown.status).toBe(200);
    expect(unknown.body.events.map((e) => e.type)).toEqual(['hydration']);
    // Whatever process served the current state: its ETag is a 304 here, as equal content has an equal ETag.
    server.app.revisions.bump();
    expect((await delta(unknown.etag!)).status).toBe(304);
  });

  it('serves what the unleash-client SDK evaluates in delta mode', async () => {
    const segment = await call('POST', 'api/admin/segments', {
      name: 'sdk users',
      constraints: [inList('userId', 'a')],
    });
    const toggle = await call('POST', 'api/admin/features', {
      name: 'seg.sdk',
      enabled: true,
      strategies: [{ name: 'default', constraints: [inList('tier', 'gold')], segments: [segment.body.id] }],
    });
    expect(toggle.status).toBe(201);
    const { Unleash } = await import('unleash-client');
    const sdk = new Unleash({
      appName: 'delta-test',
      url: `${server.url}/api/`,
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 60_000,
      disableMetrics: true,
      storageProvider: { set: async () => {}, get: async () => undefined },
      experimentalMode: { type: 'polling', format: 'delta' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        sdk.once('synchronized', () => resolve());
        sdk.once('error', reject);
      });
      expect(sdk.isEnabled('seg.sdk', { userId: 'a', properties: { tier: 'gold' } })).toBe(true);
      expect(sdk.isEnabled('seg.sdk', { userId: 'b', properties: { tier: 'gold' } })).toBe(false);
      expect(sdk.isEnabled('seg.sdk', { userId: 'a', properties: { tier: 'free' } })).toBe(false);
      expect(sdk.getFeatureToggleDefinition('seg.plain')).toBeUndefined();
    } finally {
      sdk.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the delta API in two processes on one PostgreSQL', () => {
  let other: SecondProcess;
  beforeAll(async () => {
    other = await startSecondProcess(server);
  });
  afterAll(() => other?.close());

  const deltaFrom = async (url: string, ifNoneMatch?: string) => {
    const headers: Record<string, string> = { authorization: CLIENT };
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    const response = await fetch(`${url}/api/client/delta`, { headers });
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag')!,
      types: text ? (JSON.parse(text) as ClientDelta).events.map((e) => e.type) : [],
    };
  };

  it("answers 304 for the other process's unchanged state, and a hydration for a changed one it never served", async () => {
    const first = await deltaFrom(server.url);
    expect(first.types).toEqual(['hydration']);
    expect((await deltaFrom(other.url, first.etag)).status).toBe(304);
    expect((await call('POST', 'api/admin/features/seg.one/toggle/on', {})).status).toBe(200);
    // The other process hears the change (NOTIFY) and builds the new state; it cannot diff from a state it never
    // served, so it hydrates, while the process that served it sends the one change.
    await expect
      .poll(async () => (await deltaFrom(other.url, first.etag)).types, { timeout: 10_000 })
      .toEqual(['hydration']);
    const fromFirst = await deltaFrom(server.url, first.etag);
    expect(fromFirst.types).toEqual(['feature-updated']);
    expect((await deltaFrom(other.url, fromFirst.etag)).status).toBe(304);
  });
});
