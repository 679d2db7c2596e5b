import { describe, expect, it } from 'vitest';
import { cleanValues, OPERATORS, VALUE_MESSAGES, VALUES_REQUIRED } from '../../contract/constraints';
import {
  constraintErrors,
  constraintSentence,
  dateInputValue,
  dropEmptyConstraints,
  fromDateInput,
  newConstraint,
  OPERATOR_GROUPS,
  valueKind,
  withOperator,
} from './constraints';
import { constraintsEnabled } from './api/queries';

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

  it('the picker offers every operator of the specification once, named in words', () => {
    const offered = OPERATOR_GROUPS.flatMap((g) => g.operators.map((o) => o.operator));
    expect([...offered].sort()).toEqual([...OPERATORS].sort());
    const label = (op: string) => OPERATOR_GROUPS.flatMap((g) => g.operators).find((o) => o.operator === op)?.label;
    expect(label('SEMVER_GT')).toBe('version is greater than');
    expect(label('IN_CIDR')).toBe('IP address is in range');
    expect(label('REGEX')).toBe('matches regular expression');
  });

  it('each operator gets the input that fits it', () => {
    expect(['IN', 'NOT_IN', 'STR_CONTAINS', 'STR_ENDS_WITH', ''].map(valueKind)).toEqual(Array(5).fill('list'));
    expect(valueKind('NUM_LTE')).toBe('number');
    expect(valueKind('DATE_BEFORE')).toBe('date');
    expect(valueKind('SEMVER_EQ')).toBe('version');
    expect(valueKind('REGEX')).toBe('pattern');
    expect(valueKind('IN_CIDR')).toBe('addresses');
  });

  it('explains the rule in words', () => {
    expect(
      constraintSentence({
        contextName: 'currentTime',
        operator: 'DATE_AFTER',
        values: [],
        value: '2025-01-31T13:00:00Z',
      }),
    ).toBe('currentTime is after 31 Jan 2025, 13:00 UTC');
    expect(
      constraintSentence({ contextName: 'version', operator: 'SEMVER_GT', values: [], value: '2.0.0', inverted: true }),
    ).toBe('version is NOT greater than 2.0.0');
    expect(constraintSentence({ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] })).toBe(
      'userId is one of 1, 2 or 3',
    );
    expect(constraintSentence({ contextName: 'userId', operator: 'NOT_IN', values: ['7'], inverted: true })).toBe(
      'userId is one of 7',
    );
    expect(
      constraintSentence({
        contextName: 'email',
        operator: 'STR_ENDS_WITH',
        values: ['@example.com'],
        caseInsensitive: true,
        inverted: true,
      }),
    ).toBe('email does NOT end with @example.com, ignoring case');
    expect(constraintSentence({ contextName: 'userId', operator: 'REGEX', values: [], value: '^a+$' })).toBe(
      'userId matches /^a+$/',
    );
    expect(constraintSentence({ contextName: 'remoteAddress', operator: 'IN_CIDR', values: [] })).toBe(
      'remoteAddress is in (no values)',
    );
    // case-insensitivity is said only where it applies
    expect(
      constraintSentence({ contextName: 'n', operator: 'NUM_GTE', values: [], value: '3', caseInsensitive: true }),
    ).toBe('n is greater than or equal to 3');
  });

  it('dates go to and from the datetime-local input in UTC', () => {
    expect(dateInputValue('2025-01-31T13:00:00Z')).toBe('2025-01-31T13:00');
    expect(dateInputValue('2025-01-31T14:00:00+01:00')).toBe('2025-01-31T13:00');
    expect(dateInputValue('soon')).toBe('');
    expect(dateInputValue(undefined)).toBe('');
    expect(fromDateInput('2025-01-31T13:00')).toBe('2025-01-31T13:00:00.000Z');
    expect(fromDateInput('')).toBe('');
  });

  it('changing the operator keeps what can be kept', () => {
    const list = { contextName: 'appVersion', operator: 'IN', values: ['1.2.3', '2.0.0'] };
    const single = withOperator(list, 'SEMVER_GT');
    expect(single).toEqual({ ...list, operator: 'SEMVER_GT', value: '1.2.3' });
    expect(withOperator(single, 'NOT_IN')).toEqual({ ...single, operator: 'NOT_IN' });
    const fromValue = withOperator({ contextName: 'n', operator: 'NUM_GT', values: [], value: '5' }, 'STR_CONTAINS');
    expect(fromValue).toEqual({ contextName: 'n', operator: 'STR_CONTAINS', values: ['5'], value: '5' });
    expect(withOperator({ contextName: 'n', operator: 'NUM_GT', values: [], value: '5' }, 'NUM_LT').value).toBe('5');
  });

  it('values are trimmed and blanks dropped', () => {
    expect(cleanValues([' a ', '', '  ', 'b', 'a'])).toEqual(['a', 'b']);
  });

  it('a list without values needs one; other operators get the value rule the server applies', () => {
    expect(
      constraintErrors([
        { contextName: 'userId', operator: 'IN', values: ['1'] },
        { contextName: 'appName', operator: 'NOT_IN', values: [' ', ''] },
        { contextName: 'environment', operator: 'IN', values: [] },
        { contextName: 'appVersion', operator: 'SEMVER_GT', values: [], value: '2.0' },
        { contextName: 'appVersion', operator: 'SEMVER_GT', values: [], value: '2.0.0' },
        { contextName: 'count', operator: 'NUM_GT', values: [], value: 'many' },
        { contextName: 'count', operator: 'NUM_GT', values: ['5'] },
        { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/33'] },
        { contextName: 'userId', operator: 'REGEX', values: [], value: '(' },
        { contextName: 'currentTime', operator: 'DATE_AFTER', values: [], value: '2025-01-31T13:00:00.000Z' },
      ]),
    ).toEqual([
      undefined,
      VALUES_REQUIRED,
      VALUES_REQUIRED,
      VALUE_MESSAGES.semver,
      undefined,
      VALUE_MESSAGES.number,
      VALUE_MESSAGES.value,
      VALUE_MESSAGES.cidr,
      VALUE_MESSAGES.regex,
      undefined,
    ]);
    expect(VALUES_REQUIRED).toBe('You need to specify at least one value');
  });

  it('closing the dialog drops constraints with no value and cleans the rest', () => {
    expect(
      dropEmptyConstraints([
        { contextName: 'userId', operator: 'NOT_IN', values: [' 1', '2 ', ''], value: '1' },
        { contextName: 'appName', operator: 'IN', values: ['  '] },
        { contextName: 'environment', operator: '', values: ['prod'] },
        { contextName: 'appVersion', operator: 'SEMVER_LT', values: ['1.0.0'], value: ' 2.0.0 ', inverted: true },
        { contextName: 'appVersion', operator: 'SEMVER_LT', values: ['1.0.0'], value: ' ' },
        { contextName: 'n', operator: 'NUM_EQ', values: [], value: '1', caseInsensitive: true },
        { contextName: 'e', operator: 'STR_CONTAINS', values: ['x'], caseInsensitive: true },
      ]),
    ).toEqual([
      { contextName: 'userId', operator: 'NOT_IN', values: ['1', '2'] },
      { contextName: 'environment', operator: 'IN', values: ['prod'] },
      { contextName: 'appVersion', operator: 'SEMVER_LT', values: [], value: '2.0.0', inverted: true },
      { contextName: 'n', operator: 'NUM_EQ', values: [], value: '1', caseInsensitive: false },
      { contextName: 'e', operator: 'STR_CONTAINS', values: ['x'], caseInsensitive: true },
    ]);
  });
});
