import { describe, expect, it } from 'vitest';
import { VALUES_REQUIRED } from '../../contract/constraints';
import { SEGMENT_VALUES_LIMIT } from '../../contract/segments';
import { constraintErrors } from '../strategies/constraints';
import { CONSTRAINTS_HAVE_ERRORS, NAME_REQUIRED, tooManyValues } from './messages';
import { segmentBody, segmentErrors, segmentValueCount, segmentValues } from './rules';

const values = (n: number) => Array.from({ length: n }, (_, i) => `user-${i}`);

describe('segment form rules', () => {
  it('a new segment is for all projects; an existing one is read as it is', () => {
    expect(segmentValues()).toEqual({ name: '', description: '', project: '', constraints: [] });
    expect(
      segmentValues({
        id: 3,
        name: 'beta',
        description: null,
        project: 'default',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
        createdBy: 'admin',
        createdAt: '2026-11-23T06:00:00.000Z',
      }),
    ).toEqual({
      name: 'beta',
      description: '',
      project: 'default',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
    });
  });

  it('sends trimmed text, no project for all projects, and cleaned constraints', () => {
    expect(
      segmentBody({
        name: ' beta ',
        description: ' testers ',
        project: '',
        constraints: [
          { contextName: 'appVersion', operator: 'SEMVER_GT', values: ['1.0.0'], value: ' 2.0.0 ' },
          { contextName: 'userId', operator: 'IN', values: [' 1', '', '2'], value: '1' },
        ],
      }),
    ).toEqual({
      name: 'beta',
      description: 'testers',
      constraints: [
        { contextName: 'appVersion', operator: 'SEMVER_GT', values: [], value: '2.0.0' },
        { contextName: 'userId', operator: 'IN', values: ['1', '2'] },
      ],
    });
    expect(segmentBody({ ...segmentValues(), name: 'x', project: 'default' }).project).toBe('default');
  });

  it('needs a name, constraints that fit their operators, and at most the values limit', () => {
    expect(segmentErrors({ ...segmentValues(), name: '  ' })).toEqual({ name: NAME_REQUIRED, constraints: undefined });
    const bad = [{ contextName: 'appVersion', operator: 'SEMVER_GT', values: [], value: '2.0' }];
    expect(segmentErrors({ ...segmentValues(), name: 'a', constraints: bad }).constraints).toBe(
      CONSTRAINTS_HAVE_ERRORS,
    );
    expect(constraintErrors([{ contextName: 'userId', operator: 'IN', values: [] }])).toEqual([VALUES_REQUIRED]);
    const full = [
      { contextName: 'userId', operator: 'IN', values: values(SEGMENT_VALUES_LIMIT - 1) },
      { contextName: 'n', operator: 'NUM_GT', values: [], value: '3' },
      { contextName: 'tenant', operator: 'STR_CONTAINS', values: ['a'] },
    ];
    expect(segmentValueCount(full)).toBe(SEGMENT_VALUES_LIMIT);
    expect(segmentErrors({ ...segmentValues(), name: 'a', constraints: full })).toEqual({});
    const over = [...full, { contextName: 'n', operator: 'NOT_IN', values: ['9'] }];
    expect(segmentErrors({ ...segmentValues(), name: 'a', constraints: over }).constraints).toBe(
      tooManyValues(SEGMENT_VALUES_LIMIT),
    );
  });
});
