import { describe, expect, it } from 'vitest';
import { cleanValues, VALUES_REQUIRED } from '../../contract/constraints';
import { constraintErrors, constraintsEnabled, dropEmptyConstraints, newConstraint } from './constraints';

describe('constraints', () => {
  it('need the enterprise flag C', () => {
    expect(constraintsEnabled({ C: true })).toBe(true);
    expect(constraintsEnabled({ P: true })).toBe(false);
    expect(constraintsEnabled(undefined)).toBe(false);
  });

  it('a new constraint takes the first context field, operator IN and no values', () => {
    expect(newConstraint([{ name: 'environment' }, { name: 'userId' }])).toEqual({
      contextName: 'environment',
      operator: 'IN',
      values: [],
    });
    expect(newConstraint([])).toEqual({ contextName: '', operator: 'IN', values: [] });
  });

  it('values are trimmed and blanks dropped', () => {
    expect(cleanValues([' a ', '', '  ', 'b', 'a'])).toEqual(['a', 'b']);
  });

  it('a constraint without values gets "You need to specify at least one value"', () => {
    expect(
      constraintErrors([
        { contextName: 'userId', operator: 'IN', values: ['1'] },
        { contextName: 'appName', operator: 'NOT_IN', values: [' ', ''] },
        { contextName: 'environment', operator: 'IN', values: [] },
      ]),
    ).toEqual([undefined, VALUES_REQUIRED, VALUES_REQUIRED]);
    expect(VALUES_REQUIRED).toBe('You need to specify at least one value');
  });

  it('closing the dialog drops constraints with no values and cleans the rest', () => {
    expect(
      dropEmptyConstraints([
        { contextName: 'userId', operator: 'NOT_IN', values: [' 1', '2 ', ''] },
        { contextName: 'appName', operator: 'IN', values: ['  '] },
        { contextName: 'environment', operator: '', values: ['prod'] },
      ]),
    ).toEqual([
      { contextName: 'userId', operator: 'NOT_IN', values: ['1', '2'] },
      { contextName: 'environment', operator: 'IN', values: ['prod'] },
    ]);
  });
});
