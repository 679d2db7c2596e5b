import { describe, expect, it } from 'vitest';
import { configurationKey, missingEnvironments, type EnvironmentConfiguration } from './configuration';

const rollout = (id: string, rolloutValue = '50') => ({
  id,
  name: 'flexibleRollout',
  parameters: { rollout: rolloutValue, stickiness: 'default', groupId: 'x' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
});

const environments = (...changes: Partial<EnvironmentConfiguration>[]): EnvironmentConfiguration[] => [
  { name: 'development', enabled: true, strategies: [rollout('a')], ...changes[0] },
  { name: 'production', enabled: false, strategies: [], ...changes[1] },
];

describe('the refresh notice fingerprint', () => {
  it('ignores ids (a temporary id becoming the server id) and the order of parameter keys', () => {
    const replayed = environments({
      strategies: [{ ...rollout('real-id'), parameters: { groupId: 'x', stickiness: 'default', rollout: '50' } }],
    });
    expect(configurationKey(replayed)).toBe(configurationKey(environments({ strategies: [rollout('tmp-1')] })));
  });

  it('sees environments turned on or off, strategies added, changed, reordered or removed', () => {
    const base = configurationKey(environments());
    expect(configurationKey(environments({ enabled: false }))).not.toBe(base);
    expect(configurationKey(environments({ strategies: [rollout('a', '51')] }))).not.toBe(base);
    expect(configurationKey(environments({ strategies: [rollout('a'), { id: 'b', name: 'default' }] }))).not.toBe(base);
    expect(configurationKey(environments({ strategies: [{ id: 'b', name: 'default' }, rollout('a')] }))).not.toBe(
      configurationKey(environments({ strategies: [rollout('a'), { id: 'b', name: 'default' }] })),
    );
    expect(configurationKey(environments({ strategies: [{ ...rollout('a'), constraints: [] }] }))).not.toBe(base);
    expect(configurationKey(environments().slice(0, 1))).not.toBe(base);
  });
});

describe('moving a toggle to another project', () => {
  it('names the environments with strategies that the target project lacks', () => {
    expect(missingEnvironments(environments(), ['production'])).toEqual(['development']);
    expect(missingEnvironments(environments(), ['development'])).toEqual([]);
    expect(missingEnvironments(environments({}, { strategies: [rollout('p')] }), [])).toEqual([
      'development',
      'production',
    ]);
  });
});
