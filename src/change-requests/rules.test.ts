import { describe, expect, it } from 'vitest';
import type { ChangeRequest, ChangeRequestConfig } from '../../contract/change-requests';
import type { PermissionEntry } from '../../contract/permissions';
import { changeRoute, movesFor } from './rules';

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

const request = (changes: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 1,
  project: 'default',
  environment: 'production',
  state: 'Draft',
  createdBy: { id: 7, username: 'erin' },
  createdAt: '2026-01-01T00:00:00.000Z',
  scheduledAt: null,
  minApprovals: 2,
  approvals: [],
  changes: [
    {
      id: 1,
      feature: 'checkout',
      action: 'updateEnabled',
      payload: { enabled: false },
      version: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  comments: [],
  conflict: null,
  version: 3,
  scheduleFailure: null,
  revertAt: null,
  revert: null,
  revertedAt: null,
  ...changes,
});

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

describe('the moves a person is offered', () => {
  const author = { id: 7, permissions: EDITOR };
  const approver = { id: 8, permissions: EDITOR };

  it('the author sends a draft with changes to review, or cancels it; others only cancel, if they may approve', () => {
    expect(movesFor(request(), author)).toEqual(['In review', 'Cancelled']);
    expect(movesFor(request({ changes: [] }), author)).toEqual(['Cancelled']);
    expect(movesFor(request(), approver)).toEqual(['Cancelled']);
    expect(movesFor(request(), { id: 9, permissions: MEMBER })).toEqual([]);
  });

  it('in review, someone else who may approve approves or rejects, once; never the author', () => {
    const inReview = request({ state: 'In review' });
    expect(movesFor(inReview, approver)).toEqual(['Approved', 'Rejected', 'Cancelled']);
    expect(movesFor(inReview, { id: 9, permissions: ADMIN })).toEqual(['Approved', 'Rejected', 'Cancelled']);
    expect(movesFor(inReview, author)).toEqual(['Cancelled']);
    const approved = request({
      state: 'In review',
      approvals: [{ createdBy: { id: 8, username: 'anna' }, createdAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(movesFor(approved, approver)).toEqual(['Cancelled']);
    expect(movesFor(inReview, { id: 9, permissions: MEMBER })).toEqual([]);
  });

  it('approved, the author or an approver applies or schedules it; closed requests offer nothing', () => {
    expect(movesFor(request({ state: 'Approved' }), author)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Approved' }), approver)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    for (const state of ['Applied', 'Rejected', 'Cancelled'] as const) {
      expect(movesFor(request({ state }), author)).toEqual([]);
      expect(movesFor(request({ state }), { id: 9, permissions: ADMIN })).toEqual([]);
    }
  });

  it('scheduled, the author or an approver applies it now, moves it to another time or cancels it', () => {
    expect(movesFor(request({ state: 'Scheduled' }), author)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Scheduled' }), approver)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Scheduled' }), { id: 9, permissions: MEMBER })).toEqual([]);
  });
});
