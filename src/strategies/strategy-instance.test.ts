import { describe, expect, it } from 'vitest';
import { FALLBACK_DEFINITION } from './definitions';
import { isStrategyDirty, newStrategy, toEdited, toSaved } from './strategy-instance';

const saved = {
  id: 's1',
  name: 'flexibleRollout',
  parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
};

describe('strategy instances', () => {
  it('a new strategy has the definition defaults and no constraints', () => {
    expect(newStrategy(FALLBACK_DEFINITION, 'checkout')).toEqual({
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
      constraints: [],
    });
  });

  it('an unchanged copy is not dirty', () => {
    expect(isStrategyDirty(saved, toEdited(saved))).toBe(false);
  });

  it('parameter differences mark dirty', () => {
    const edited = toEdited(saved);
    edited.parameters.rollout = '51';
    expect(isStrategyDirty(saved, edited)).toBe(true);
    expect(isStrategyDirty(saved, { ...saved, parameters: { ...saved.parameters, extra: 'x' } })).toBe(true);
  });

  it('any constraint change marks dirty: values, operator, order, additions and removals', () => {
    const withValues = (values: string[]) => ({ ...saved, constraints: [{ ...saved.constraints[0], values }] });
    expect(isStrategyDirty(saved, withValues(['1', '2', '3']))).toBe(true);
    expect(isStrategyDirty(saved, withValues(['2', '1']))).toBe(true);
    expect(isStrategyDirty(saved, { ...saved, constraints: [{ ...saved.constraints[0], operator: 'NOT_IN' }] })).toBe(
      true,
    );
    expect(isStrategyDirty(saved, { ...saved, constraints: [] })).toBe(true);
    expect(isStrategyDirty({ ...saved, constraints: undefined }, { ...saved, constraints: [] })).toBe(false);
  });

  it('editing a copy leaves the saved strategy alone', () => {
    const edited = toEdited(saved);
    edited.constraints[0].values.push('9');
    expect(saved.constraints[0].values).toEqual(['1', '2']);
  });

  it('saves normalised parameters and no empty constraints', () => {
    const edited = {
      ...toEdited(saved),
      parameters: { rollout: '12.4', stickiness: 'userId', groupId: ' g ' },
      constraints: [...saved.constraints, { contextName: 'appName', operator: 'IN', values: [' '] }],
    };
    expect(toSaved(FALLBACK_DEFINITION, edited)).toEqual({
      id: 's1',
      name: 'flexibleRollout',
      parameters: { rollout: '12', stickiness: 'userId', groupId: 'g' },
      constraints: saved.constraints,
    });
  });
});
