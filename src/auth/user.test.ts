import { describe, expect, it } from 'vitest';
import { isAdmin } from './user';

describe('isAdmin', () => {
  it('is true once the permission list holds ADMIN', () => {
    expect(isAdmin([{ permission: 'ADMIN', project: null }])).toBe(true);
    expect(isAdmin([{ permission: 'UPDATE_FEATURE', project: 'default' }, { permission: 'ADMIN' }])).toBe(true);
  });

  it('is false without permissions or without ADMIN', () => {
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin([])).toBe(false);
    expect(isAdmin([{ permission: 'CREATE_PROJECT', project: null }])).toBe(false);
  });
});
