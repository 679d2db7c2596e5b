import { describe, expect, it } from 'vitest';
import { evaluate } from '../../contract/evaluation';
import type { ToggleState } from '../feature-toggles/offline/toggle-state';
import { contextOf, reasonText, stateOf, type PlaygroundInput } from './playground';

const semver = { contextName: 'version', operator: 'SEMVER_GT', value: '2.0.0', values: [] };
const toggle = (name: string, environments: ToggleState['environments'], extra: object = {}): ToggleState => ({
  toggle: { name, project: 'default', variants: [], ...extra },
  environments,
});
const env = (enabled: boolean, strategies: NonNullable<ToggleState['environments']>[number]['strategies']) => ({
  name: 'production',
  type: 'production',
  enabled,
  strategies,
});
const segment = {
  id: 4,
  name: 'beta',
  project: null,
  description: null,
  createdBy: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
};
const toggles = [
  toggle('checkout', [
    env(true, [{ id: 's1', name: 'default', parameters: {}, constraints: [semver], segments: [4] }]),
  ]),
  toggle('child', [env(true, [])], { dependencies: [{ feature: 'checkout', enabled: true }] }),
  toggle('off', [env(false, [])]),
  toggle('unsynced', [{ name: 'production', type: 'production', enabled: true }]),
];
const input = (fields: Record<string, string>, properties: Record<string, string> = {}): PlaygroundInput => ({
  environment: 'production',
  fields,
  properties,
  currentTime: '',
});
const title = (name: string) => (name === 'default' ? 'Standard' : name);

describe('the playground', () => {
  const { state, unknown } = stateOf(toggles, 'production', [segment]);

  it('evaluates the mirror’s toggles of one environment, leaving out those not synced yet', () => {
    expect(state.features.map((f) => f.name)).toEqual(['checkout', 'child', 'off']);
    expect(unknown).toEqual(['unsynced']);
    expect(state.segments).toEqual([{ id: 4, name: 'beta', constraints: segment.constraints }]);
  });

  it('says which strategy decided, or which constraint, segment or dependency failed', () => {
    const on = contextOf(input({ appName: 'web', userId: ' ' }, { version: '2.1.0' }));
    expect(on).toEqual({ environment: 'production', appName: 'web', properties: { version: '2.1.0' } });
    expect(evaluate(state, 'checkout', on).enabled).toBe(true);
    expect(reasonText(evaluate(state, 'checkout', on), 'production', title)).toEqual([
      'Standard (strategy 1) enabled it.',
    ]);
    expect(evaluate(state, 'child', on).enabled).toBe(true);

    const old = contextOf(input({ appName: 'web' }, { version: '1.0.0' }));
    const [first, second] = reasonText(evaluate(state, 'checkout', old), 'production', title);
    expect(first).toBe('No strategy enabled it:');
    expect(second).toMatch(/^Standard \(strategy 1\): the constraint does not hold \(version .*2\.0\.0\)\.$/);
    expect(reasonText(evaluate(state, 'child', old), 'production', title)).toEqual([
      'Its parent checkout is not enabled for this context.',
    ]);

    const outside = contextOf(input({ appName: 'ios' }, { version: '3.0.0' }));
    expect(reasonText(evaluate(state, 'checkout', outside), 'production', title)[1]).toMatch(
      /^Standard \(strategy 1\): segment beta does not hold \(appName .*web\)\.$/,
    );
    expect(reasonText(evaluate(state, 'off', outside), 'production', title)).toEqual([
      'The toggle is off in production.',
    ]);
  });
});
