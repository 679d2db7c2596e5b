import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientFeature } from '../client-api.ts';
import type { ClientSegment } from '../segments.ts';
import { evaluate, evaluateAll, type EvaluationContext, type EvaluationState } from './index.ts';

// Every case of Unleash's client specification 6.1 (@unleash/client-specification), evaluated directly.

const folder = join(
  dirname(createRequire(import.meta.url).resolve('@unleash/client-specification/package.json')),
  'specifications',
);
const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8'));

interface Case {
  description: string;
  context: EvaluationContext;
  toggleName: string;
}
interface Specification {
  name: string;
  state: {
    features?: ClientFeature[];
    segments?: ClientSegment[];
    events?: DeltaEvent[];
  };
  tests?: (Case & { expectedResult: boolean })[];
  variantTests?: (Case & { expectedResult: unknown })[];
}
type DeltaEvent =
  | { type: 'hydration'; features: ClientFeature[]; segments: ClientSegment[] }
  | { type: 'feature-updated'; feature: ClientFeature }
  | { type: 'feature-removed'; featureName: string }
  | { type: 'segment-updated'; segment: ClientSegment }
  | { type: 'segment-removed'; segmentId: number };

/** The delta API's events (files 19 and 20) folded into the state an SDK ends up holding. */
function fold(events: DeltaEvent[]): EvaluationState {
  const features = new Map<string, ClientFeature>();
  const segments = new Map<number, ClientSegment>();
  for (const event of events) {
    if (event.type === 'hydration') {
      features.clear();
      segments.clear();
      for (const f of event.features) features.set(f.name, f);
      for (const s of event.segments) segments.set(s.id, s);
    } else if (event.type === 'feature-updated') features.set(event.feature.name, event.feature);
    else if (event.type === 'feature-removed') features.delete(event.featureName);
    else if (event.type === 'segment-updated') segments.set(event.segment.id, event.segment);
    else segments.delete(event.segmentId);
  }
  return { features: [...features.values()], segments: [...segments.values()] };
}

const stateOf = ({ state }: Specification): EvaluationState =>
  state.events ? fold(state.events) : { features: state.features ?? [], segments: state.segments ?? [] };

const files = (read('index.json') as string[]).map((file) => read(file) as Specification);

describe('client specification 6.1', () => {
  it('has 279 cases in 22 files', () => {
    expect(files).toHaveLength(22);
    const count = files.reduce((n, f) => n + (f.tests?.length ?? 0) + (f.variantTests?.length ?? 0), 0);
    expect(count).toBe(279);
  });

  for (const spec of files) {
    describe(spec.name, () => {
      const state = stateOf(spec);
      for (const t of spec.tests ?? []) {
        it(`isEnabled: ${t.description}`, () => {
          expect(evaluate(state, t.toggleName, t.context).enabled).toBe(t.expectedResult);
        });
      }
      for (const t of spec.variantTests ?? []) {
        it(`getVariant: ${t.description}`, () => {
          expect(evaluate(state, t.toggleName, t.context).variant).toEqual(t.expectedResult);
        });
      }
    });
  }
});

const flexible = (rollout: string, extra: Partial<ClientFeature['strategies'][number]> = {}) => ({
  name: 'flexibleRollout',
  parameters: { rollout, stickiness: 'userId', groupId: 'g' },
  constraints: [],
  ...extra,
});
const feature = (name: string, extra: Partial<ClientFeature> = {}): ClientFeature => ({
  name,
  description: null,
  type: 'release',
  project: 'default',
  enabled: true,
  stale: false,
  impressionData: false,
  strategies: [],
  variants: [],
  ...extra,
});

describe('reasons', () => {
  const state: EvaluationState = {
    segments: [{ id: 7, name: 'beta', constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] }],
    features: [
      feature('off', { enabled: false }),
      feature('everyone'),
      feature('decided', {
        strategies: [
          {
            name: 'default',
            parameters: {},
            constraints: [{ contextName: 'version', operator: 'SEMVER_GT', values: [], value: '1.2.3' }],
          },
          flexible('0'),
          { name: 'custom', parameters: {}, constraints: [] },
          { name: 'default', parameters: {}, constraints: [], segments: [99] },
          { name: 'userWithId', parameters: { userIds: 'a, b' }, constraints: [], segments: [7] },
        ],
      }),
      feature('child', { dependencies: [{ feature: 'decided', enabled: true, variants: ['blue'] }] }),
      feature('grandchild', { dependencies: [{ feature: 'child' }] }),
      feature('orphan', { dependencies: [{ feature: 'gone' }] }),
      feature('unless-off', { dependencies: [{ feature: 'off', enabled: false }] }),
      feature('counted', {
        impressionData: true,
        variants: [{ name: 'n', weight: 1000, payload: { type: 'number', value: '42' } }],
      }),
    ],
  };

  it('says a toggle is unknown or off', () => {
    expect(evaluate(state, 'nope', {}).reason).toEqual({ kind: 'unknown-toggle' });
    expect(evaluate(state, 'off', {})).toMatchObject({
      enabled: false,
      reason: { kind: 'toggle-off' },
      variant: { name: 'disabled', enabled: false, feature_enabled: false },
    });
    expect(evaluate(state, 'everyone', {}).reason).toEqual({ kind: 'no-strategies' });
  });

  it('names each strategy that did not decide and why, then the one that did', () => {
    const left = evaluate(state, 'decided', { userId: 'c', properties: { version: '1.0.0' }, appName: 'ios' });
    expect(left.enabled).toBe(false);
    expect(left.reason).toMatchObject({
      kind: 'no-strategy-matched',
      strategies: [
        { index: 0, name: 'default', result: 'constraint', constraintIndex: 0 },
        { index: 1, name: 'flexibleRollout', result: 'not-included' },
        { index: 2, name: 'custom', result: 'unknown-strategy' },
        { index: 3, name: 'default', result: 'missing-segment', segmentId: 99 },
        { index: 4, result: 'constraint', segment: { id: 7, name: 'beta' }, constraintIndex: 0 },
      ],
    });
    const decided = evaluate(state, 'decided', { userId: 'b', appName: 'web' });
    expect(decided.reason).toMatchObject({ kind: 'strategy', index: 4, name: 'userWithId' });
    expect(decided.variant).toEqual({ name: 'disabled', enabled: false, feature_enabled: true });
    expect(evaluate(state, 'decided', { properties: { version: '1.10.0' } }).reason).toMatchObject({
      kind: 'strategy',
      index: 0,
    });
  });

  it('explains dependencies', () => {
    const ctx = { properties: { version: '2.0.0' } };
    expect(evaluate(state, 'child', ctx).reason).toEqual({
      kind: 'dependency',
      parent: 'decided',
      problem: 'variant-not-listed',
    });
    expect(evaluate(state, 'child', {}).reason).toMatchObject({ problem: 'parent-disabled' });
    expect(evaluate(state, 'grandchild', ctx).reason).toMatchObject({ problem: 'parent-has-dependencies' });
    expect(evaluate(state, 'orphan', {}).reason).toMatchObject({ problem: 'missing' });
    expect(evaluate(state, 'unless-off', {}).enabled).toBe(true);
  });

  it('evaluates every toggle at once, with number payloads and impression data', () => {
    const all = evaluateAll(state, { userId: 'u' });
    expect(all.map((e) => e.name)).toEqual(state.features.map((f) => f.name));
    expect(all.find((e) => e.name === 'counted')).toEqual({
      name: 'counted',
      enabled: true,
      impressionData: true,
      variant: { name: 'n', enabled: true, feature_enabled: true, payload: { type: 'number', value: '42' } },
      reason: { kind: 'no-strategies' },
    });
  });

  it('matches applicationHostname only against the host it is given', () => {
    const host: EvaluationState = {
      segments: [],
      features: [
        feature('h', {
          strategies: [{ name: 'applicationHostname', parameters: { hostNames: 'A, b' }, constraints: [] }],
        }),
      ],
    };
    expect(evaluate(host, 'h', {}).enabled).toBe(false);
    expect(evaluate(host, 'h', {}, { hostname: 'a' }).enabled).toBe(true);
    expect(evaluate(host, 'h', {}, { hostname: 'c' }).enabled).toBe(false);
  });
});
