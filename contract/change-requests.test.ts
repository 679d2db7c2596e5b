import { describe, expect, it } from 'vitest';
import { moveRefusal, movesFor, type ChangeRequest, type ChangeRequestMove } from './change-requests.ts';
import type { PermissionEntry } from './permissions.ts';

const ADMIN: PermissionEntry[] = [{ permission: 'ADMIN', project: null }];
const EDITOR: PermissionEntry[] = [
  { permission: 'UPDATE_FEATURE', project: 'default' },
  { permission: 'APPROVE_CHANGE_REQUEST', project: 'default' },
];
const MEMBER: PermissionEntry[] = [{ permission: 'UPDATE_FEATURE', project: 'default' }];
const AT = '2026-01-01T00:00:00.000Z';

const request = (changes: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 1,
  project: 'default',
  environment: 'production',
  state: 'Draft',
  createdBy: { id: 7, username: 'erin' },
  createdAt: AT,
  scheduledAt: null,
  minApprovals: 2,
  approvals: [],
  changes: [
    { id: 1, feature: 'checkout', action: 'updateEnabled', payload: { enabled: false }, version: 3, createdAt: AT },
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

const author = { id: 7, permissions: EDITOR };
const approver = { id: 8, permissions: EDITOR };
const member = { id: 9, permissions: MEMBER };
const approvedBy8 = [{ createdBy: { id: 8, username: 'anna' }, createdAt: AT }];

describe('the moves a person is offered', () => {
  it('the author sends a draft to review, or cancels it; others only cancel, if they may approve', () => {
    expect(movesFor(request(), author)).toEqual(['In review', 'Cancelled']);
    expect(movesFor(request(), approver)).toEqual(['Cancelled']);
    expect(movesFor(request(), member)).toEqual([]);
  });

  it('in review, someone else who may approve approves (once) or rejects; never the author', () => {
    const inReview = request({ state: 'In review' });
    expect(movesFor(inReview, approver)).toEqual(['Approved', 'Rejected', 'Cancelled']);
    expect(movesFor(inReview, { id: 9, permissions: ADMIN })).toEqual(['Approved', 'Rejected', 'Cancelled']);
    expect(movesFor(inReview, author)).toEqual(['Cancelled']);
    expect(movesFor(request({ state: 'In review', approvals: approvedBy8 }), approver)).toEqual([
      'Rejected',
      'Cancelled',
    ]);
    expect(movesFor(inReview, member)).toEqual([]);
  });

  it('approved, the author or an approver applies or schedules it; closed requests offer nothing', () => {
    expect(movesFor(request({ state: 'Approved' }), author)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Approved' }), approver)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Approved' }), member)).toEqual([]);
    for (const state of ['Applied', 'Rejected', 'Cancelled'] as const) {
      expect(movesFor(request({ state }), author)).toEqual([]);
      expect(movesFor(request({ state }), { id: 9, permissions: ADMIN })).toEqual([]);
    }
  });

  it('scheduled, the author or an approver applies it now, moves it to another time or cancels it', () => {
    expect(movesFor(request({ state: 'Scheduled' }), author)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Scheduled' }), approver)).toEqual(['Applied', 'Scheduled', 'Cancelled']);
    expect(movesFor(request({ state: 'Scheduled' }), member)).toEqual([]);
  });

  it('offers nothing to a person not known yet', () => {
    expect(movesFor(request({ state: 'In review' }), {})).toEqual([]);
    expect(movesFor(request({ state: 'Approved' }), { permissions: MEMBER })).toEqual([]);
  });
});

describe('why a move is refused', () => {
  const subject = (state: ChangeRequest['state'], approverIds: number[] = []) => ({
    state,
    project: 'default',
    authorId: 7,
    approverIds,
  });
  const refusal = (state: ChangeRequest['state'], to: ChangeRequestMove, person = author, approverIds: number[] = []) =>
    moveRefusal(subject(state, approverIds), to, person);

  it('applying an applied request again, apart from other moves its state does not allow', () => {
    expect(refusal('Applied', 'Applied')).toBe('applied');
    expect(refusal('Applied', 'Cancelled')).toBe('state');
    expect(refusal('Draft', 'Approved')).toBe('state');
    expect(refusal('Draft', 'Applied')).toBe('state');
    expect(refusal('Rejected', 'Scheduled')).toBe('state');
    expect(refusal('Approved', 'In review')).toBe('state');
  });

  it('who may make the move: the author, an approver, not both', () => {
    expect(refusal('Draft', 'In review', approver)).toBe('author-only');
    expect(refusal('In review', 'Approved', member)).toBe('approver-only');
    expect(refusal('In review', 'Approved', author)).toBe('own-request');
    expect(refusal('In review', 'Rejected', author)).toBe('own-request');
    expect(refusal('In review', 'Approved', approver, [8])).toBe('approved');
    expect(refusal('In review', 'Rejected', approver, [8])).toBeUndefined();
    expect(refusal('Approved', 'Applied', member)).toBe('approver-only');
    expect(refusal('Scheduled', 'Applied', member)).toBe('approver-only');
    expect(refusal('Scheduled', 'Applied', author)).toBeUndefined();
    expect(refusal('Draft', 'Cancelled', member)).toBe('approver-only');
  });

  it('an approver of another project is no approver here', () => {
    const elsewhere = { id: 8, permissions: [{ permission: 'APPROVE_CHANGE_REQUEST', project: 'web' }] };
    expect(refusal('In review', 'Approved', elsewhere)).toBe('approver-only');
  });
});
