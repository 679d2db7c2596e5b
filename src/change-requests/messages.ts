import type { ChangeRequestConfig, ChangeRequestState } from '../../contract/change-requests';

export const REQUEST_CHANGE = 'Request change';
/** Beside an environment that takes changes through change requests. */
export const REQUESTS_NEEDED = 'changes need approval';
export const OPEN_CHANGE_REQUEST = 'Open change request';
export const REQUEST_OFFLINE = 'You are offline. A change request can be made once the connection is back.';

/** Why the switch did not flip: the environment takes its changes through requests. */
export const requestText = (what: string, environment: string, approvals: number) =>
  `${environment} takes changes through change requests: ${what} is added to your change request, and made once ` +
  `${approvals === 1 ? 'someone else has approved it' : `${approvals} other people have approved it`}.`;

export const requestedText = (id: number, environment: string) =>
  `Added to your change request #${id} for ${environment}. Send it to review when it holds all you want to change.`;

/** What an admin holding SKIP_CHANGE_REQUEST is told before a direct change there. */
export const bypassText = (environment: string) =>
  `${environment} takes changes through change requests. As an admin you can change it directly: the change ` +
  'bypasses the approvals and is recorded as a bypass.';

/** Each state's hue; a filled badge takes its shade 9, the one white text reads on (4.5:1 and more). */
export const STATE_COLORS: Record<ChangeRequestState, string> = {
  Draft: 'gray',
  'In review': 'blue',
  Approved: 'cyan',
  Rejected: 'red',
  Applied: 'teal',
  Cancelled: 'gray',
  Scheduled: 'violet',
};

export const CONFIG_FAILED = 'Could not fetch the change request settings';

export const approvalsSaved = ({ environment, changeRequestsEnabled, requiredApprovals }: ChangeRequestConfig) =>
  changeRequestsEnabled
    ? `${environment} now requires change requests with ${requiredApprovals} ${requiredApprovals === 1 ? 'approval' : 'approvals'}`
    : `${environment} no longer requires change requests`;

export const awaitingLabel = (count: number) =>
  count === 1 ? '1 change request awaits your approval' : `${count} change requests await your approval`;

export const APPROVAL_WAITING =
  'Your approval waits to be sent: it is sent once the server can be reached, and then counts once.';
export const APPROVAL_HELD =
  'Your approval is held: the request changed after you approved it. Refresh it to see what changed, then approve again or discard.';
export const APPROVE_OFFLINE =
  'You are offline. An approval is sent once the connection is back; the other steps need the connection.';

export const FETCH_FAILED = 'Could not fetch the change requests';
