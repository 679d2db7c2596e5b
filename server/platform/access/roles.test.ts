import { describe, expect, it } from 'vitest';
import { can } from '../../../contract/permissions.ts';
import { MEMBER_ROLE, OWNER_ROLE, permissionsFor } from './roles.ts';

describe('permissionsFor', () => {
  it('gives an Admin the single ADMIN permission', () => {
    expect(permissionsFor(1, ['default'])).toEqual([{ project: null, permission: 'ADMIN' }]);
  });

  it('gives an Editor root permissions and feature permissions in each project', () => {
    const perms = permissionsFor(2, ['default', 'web']);
    expect(perms).toContainEqual({ project: null, permission: 'CREATE_STRATEGY' });
    expect(perms).toContainEqual({ project: 'web', permission: 'UPDATE_FEATURE' });
    expect(perms).toContainEqual({ project: 'default', permission: 'UPDATE_PROJECT' });
    expect(perms).not.toContainEqual(expect.objectContaining({ permission: 'ADMIN' }));
    expect(perms).toContainEqual({ project: 'web', permission: 'APPROVE_CHANGE_REQUEST' });
    expect(perms).not.toContainEqual(expect.objectContaining({ permission: 'SKIP_CHANGE_REQUEST' }));
    expect(perms.filter((p) => p.project !== null)).toHaveLength(10);
  });

  it('gives a Viewer nothing', () => {
    expect(permissionsFor(3, ['default'])).toEqual([]);
  });

  it("gives a Viewer their project roles' permissions in those projects only", () => {
    const perms = permissionsFor(
      3,
      [],
      [
        { project: 'x', roleId: MEMBER_ROLE },
        { project: 'y', roleId: OWNER_ROLE },
      ],
    );
    expect(can(perms, 'CREATE_FEATURE', 'x')).toBe(true);
    expect(can(perms, 'UPDATE_PROJECT', 'x')).toBe(false);
    expect(can(perms, 'UPDATE_PROJECT', 'y')).toBe(true);
    expect(can(perms, 'DELETE_FEATURE', 'z')).toBe(false);
    expect(can(perms, 'DELETE_PROJECT', 'y')).toBe(false);
    expect(perms.every((p) => p.project !== null)).toBe(true);
  });

  it('keeps Editors and Admins as they are, whatever project roles they hold', () => {
    const grants = [{ project: 'x', roleId: MEMBER_ROLE }];
    expect(permissionsFor(2, ['x'], grants)).toEqual(permissionsFor(2, ['x']));
    expect(permissionsFor(1, [], grants)).toEqual([{ project: null, permission: 'ADMIN' }]);
  });

  it("gives what only Owners hold (approval settings, making Owners) to the project's Owners and no other", () => {
    const editor = permissionsFor(2, ['x', 'y'], [{ project: 'y', roleId: OWNER_ROLE }]);
    const viewer = permissionsFor(3, [], [{ project: 'y', roleId: OWNER_ROLE }]);
    for (const held of [editor, viewer]) {
      for (const permission of ['PROJECT_CHANGE_REQUEST_WRITE', 'PROJECT_OWNERS_WRITE']) {
        expect(can(held, permission, 'y')).toBe(true);
        expect(can(held, permission, 'x')).toBe(false);
      }
    }
    expect(can(permissionsFor(2, ['x']), 'PROJECT_CHANGE_REQUEST_WRITE')).toBe(false);
    expect(can(permissionsFor(1, []), 'PROJECT_OWNERS_WRITE', 'x')).toBe(true);
  });
});

describe('can, over the expanded roles', () => {
  const editor = permissionsFor(2, ['default']);
  it('passes any check for ADMIN', () => {
    expect(can(permissionsFor(1, []), 'UPDATE_FEATURE', 'other')).toBe(true);
  });
  it('passes a project check only for a project the permission is held in', () => {
    expect(can(editor, 'UPDATE_FEATURE', 'default')).toBe(true);
    expect(can(editor, 'UPDATE_FEATURE', 'other')).toBe(false);
  });
  it('passes a check without project when the permission is held anywhere', () => {
    expect(can(editor, 'UPDATE_FEATURE')).toBe(true);
    expect(can(editor, 'CREATE_TAG')).toBe(true);
  });
  it('refuses permissions that need ADMIN', () => {
    expect(can(editor, 'ADMIN')).toBe(false);
    expect(can(editor, 'UPDATE_ENVIRONMENT')).toBe(false);
  });
});
