import { describe, expect, it } from 'vitest';
import { can, isAdmin } from './permissions.ts';

describe('can', () => {
  const editor = [
    { project: null, permission: 'CREATE_STRATEGY' },
    { project: 'web', permission: 'UPDATE_FEATURE' },
  ];

  it('passes for ADMIN whatever is asked', () => {
    expect(can([{ project: null, permission: 'ADMIN' }], 'DELETE_PROJECT', 'web')).toBe(true);
  });

  it('passes for the named permission in the asked project, or when no project is asked about', () => {
    expect(can(editor, 'UPDATE_FEATURE', 'web')).toBe(true);
    expect(can(editor, 'UPDATE_FEATURE')).toBe(true);
    expect(can(editor, 'CREATE_STRATEGY')).toBe(true);
  });

  it('fails for another project, another permission, or no list', () => {
    expect(can(editor, 'UPDATE_FEATURE', 'default')).toBe(false);
    expect(can(editor, 'DELETE_FEATURE', 'web')).toBe(false);
    expect(can(undefined, 'UPDATE_FEATURE')).toBe(false);
  });

  it('knows an admin only from a list that holds ADMIN', () => {
    expect(isAdmin([])).toBe(false);
    expect(isAdmin(editor)).toBe(false);
    expect(isAdmin([{ permission: 'ADMIN' }])).toBe(true);
  });
});
