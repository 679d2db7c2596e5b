import type { ChangeRequest, ChangeRequestConfig, ChangeRequestState } from '../../contract/change-requests';
import { can, type PermissionEntry } from '../../contract/permissions';

/**
 * How a change of a toggle in an environment is made: `direct`ly; as a `request` added to the person's draft (the
 * environment takes changes through change requests); or directly though it does, a `bypass` (SKIP_CHANGE_REQUEST,
 * which the server records as such).
 */
export type ChangeRoute = 'direct' | 'request' | 'bypass';

export function changeRoute(
  configs: readonly ChangeRequestConfig[] | undefined,
  environment: string,
  permissions: readonly PermissionEntry[] | undefined,
): ChangeRoute {
  const config = configs?.find((c) => c.environment === environment);
  if (!config?.changeRequestsEnabled) return 'direct';
  return can(permissions, 'SKIP_CHANGE_REQUEST') ? 'bypass' : 'request';
}

/** The states a request may be moved to (PUT .../state); Scheduled also moves a scheduled one to another time. */
export type Move = 'In review' | 'Approved' | 'Rejected' | 'Applied' | 'Scheduled' | 'Cancelled';

/** The states still open: a request in one of them can move on. */
export const OPEN_STATES: readonly ChangeRequestState[] = ['Draft', 'In review', 'Approved', 'Scheduled'];

/**
 * The moves the server allows this person on the request now, in the order the screen offers them (the server's
 * rule: the author sends a draft to review; someone else holding APPROVE_CHANGE_REQUEST approves or rejects, once;
 * the author or an approver applies or schedules an approved request, moves a scheduled one, or cancels an open one).
 */
export function movesFor(
  request: ChangeRequest,
  person: { id?: number; permissions?: readonly PermissionEntry[] },
): Move[] {
  const isAuthor = person.id !== undefined && request.createdBy.id === person.id;
  const mayApprove = can(person.permissions, 'APPROVE_CHANGE_REQUEST', request.project);
  const approved = request.approvals.some((a) => a.createdBy.id === person.id);
  const moves: Move[] = [];
  if (request.state === 'Draft' && isAuthor && request.changes.length > 0) moves.push('In review');
  if (request.state === 'In review' && mayApprove && !isAuthor && !approved) moves.push('Approved', 'Rejected');
  if (request.state === 'Approved' && (isAuthor || mayApprove)) moves.push('Applied', 'Scheduled');
  if (request.state === 'Scheduled' && (isAuthor || mayApprove)) moves.push('Applied', 'Scheduled');
  if (OPEN_STATES.includes(request.state) && (isAuthor || mayApprove)) moves.push('Cancelled');
  return moves;
}

/** What each move's button says. */
export const MOVE_LABELS: Record<Move, string> = {
  'In review': 'Send to review',
  Approved: 'Approve',
  Rejected: 'Reject',
  Applied: 'Apply changes',
  Scheduled: 'Schedule',
  Cancelled: 'Cancel request',
};

/** How many approvals a request still needs. */
export const approvalsMissing = (request: ChangeRequest) =>
  Math.max(request.minApprovals - request.approvals.length, 0);
