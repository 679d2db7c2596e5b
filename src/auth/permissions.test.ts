import { describe, expect, it } from 'vitest';
import { accessibleProjects } from './permissions';

describe('accessibleProjects', () => {
  const projects = [{ id: 'default' }, { id: 'web' }, { id: 'mobile' }];
  it('lists every project for admins', () => {
    expect(accessibleProjects([{ permission: 'ADMIN', project: null }], projects)).toEqual(projects);
  });
  it('lists projects with a project-level permission', () => {
    const perms = [
      { permission: 'CREATE_FEATURE', project: 'web' },
      { permission: 'CREATE_TAG', project: null },
    ];
    expect(accessibleProjects(perms, projects)).toEqual([{ id: 'web' }]);
    expect(accessibleProjects([], projects)).toEqual([]);
  });
});
