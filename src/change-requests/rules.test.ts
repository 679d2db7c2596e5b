import { describe, expect, it } from 'vitest';
import type { ChangeRequestConfig } from '../../contract/change-requests';
import type { PermissionEntry } from '../../contract/permissions';
import { changeRoute } from './rules';

const configs: ChangeRequestConfig[] = [
  { environment: 'development', type: 'development', changeRequestsEnabled: false, requiredApprovals: 1 },
  { environment: 'production', type: 'production', changeRequestsEnabled: true, requiredApprovals: 2 },
];
const ADMIN: PermissionEntry[] = [{ permission: 'ADMIN', project: null }];
const EDITOR: PermissionEntry[] = [
  { permission: 'UPDATE_FEATURE', project: 'default' },
  { permission: 'APPROVE_CHANGE_REQUEST', project: 'default' },
];
const MEMBER: PermissionEntry[] = [{ permission: 'UPDATE_FEATURE', project: 'default' }];

describe('how a change is made', () => {
  it('directly where the environment takes no requests, or its setting is unknown', () => {
    expect(changeRoute(configs, 'development', EDITOR)).toBe('direct');
    expect(changeRoute(undefined, 'production', EDITOR)).toBe('direct');
    expect(changeRoute(configs, 'staging', EDITOR)).toBe('direct');
  });

  it('as a request where it does; an admin (SKIP_CHANGE_REQUEST) bypasses it', () => {
    expect(changeRoute(configs, 'production', EDITOR)).toBe('request');
    expect(changeRoute(configs, 'production', MEMBER)).toBe('request');
    expect(changeRoute(configs, 'production', ADMIN)).toBe('bypass');
    expect(changeRoute(configs, 'production', [{ permission: 'SKIP_CHANGE_REQUEST', project: null }])).toBe('bypass');
  });
});
