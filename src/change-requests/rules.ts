import type { ChangeRequest, ChangeRequestConfig, ChangeRequestMove } from '../../contract/change-requests';
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

/** The moves (the states a request may be moved to) and who may make them: the server's rule, in contract/. */
export { movesFor, type ChangeRequestMove as Move } from '../../contract/change-requests';

/** What each move's button says. */
export const MOVE_LABELS: Record<ChangeRequestMove, string> = {
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
