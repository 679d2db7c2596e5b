import { describe, expect, it } from 'vitest';
import { accessibleProjects, CREATE_STRATEGY, DELETE_STRATEGY, hasAccess, UPDATE_STRATEGY } from './permissions';

describe('hasAccess', () => {
  it('passes for ADMIN whatever is asked', () => {
    const admin = [{ permission: 'ADMIN', project: null }];
    expect(hasAccess(admin, 'CREATE_FEATURE', 'default')).toBe(true);
    expect(hasAccess(admin, 'UPDATE_FEATURE')).toBe(true);
  });

  it('passes for the named permission on the asked project only', () => {
    const editor = [
      { permission: 'CREATE_FEATURE', project: 'default' },
      { permission: 'UPDATE_FEATURE', project: 'web' },
    ];
    expect(hasAccess(editor, 'CREATE_FEATURE', 'default')).toBe(true);
    expect(hasAccess(editor, 'CREATE_FEATURE', 'web')).toBe(false);
    expect(hasAccess(editor, 'UPDATE_FEATURE', 'web')).toBe(true);
    expect(hasAccess(editor, 'DELETE_FEATURE', 'default')).toBe(false);
  });

  it('passes for the named permission when no project is asked about', () => {
    const perms = [{ permission: 'CREATE_TAG', project: null }, { permission: 'UPDATE_FEATURE', project: 'web' }];
    expect(hasAccess(perms, 'CREATE_TAG')).toBe(true);
    expect(hasAccess(perms, 'UPDATE_FEATURE')).toBe(true);
    expect(hasAccess(perms, 'CREATE_TAG', 'default')).toBe(false);
  });

  it('the strategy-definition permissions are checked by the same rule', () => {
    const perms = [{ permission: 'UPDATE_STRATEGY', project: null }];
    expect([CREATE_STRATEGY, UPDATE_STRATEGY, DELETE_STRATEGY]).toEqual(['CREATE_STRATEGY', 'UPDATE_STRATEGY', 'DELETE_STRATEGY']);
    expect(hasAccess(perms, UPDATE_STRATEGY)).toBe(true);
    expect(hasAccess(perms, CREATE_STRATEGY)).toBe(false);
    expect(hasAccess([{ permission: 'ADMIN', project: null }], DELETE_STRATEGY)).toBe(true);
  });

  it('fails without permissions', () => {
    expect(hasAccess(undefined, 'CREATE_FEATURE', 'default')).toBe(false);
    expect(hasAccess([], 'CREATE_FEATURE')).toBe(false);
  });
});

describe('accessibleProjects', () => {
  const projects = [{ id: 'default' }, { id: 'web' }, { id: 'mobile' }];
  it('lists every project for admins', () => {
    expect(accessibleProjects([{ permission: 'ADMIN', project: null }], projects)).toEqual(projects);
  });
  it('lists projects with a project-level permission', () => {
    const perms = [{ permission: 'CREATE_FEATURE', project: 'web' }, { permission: 'CREATE_TAG', project: null }];
    expect(accessibleProjects(perms, projects)).toEqual([{ id: 'web' }]);
    expect(accessibleProjects([], projects)).toEqual([]);
  });
});
