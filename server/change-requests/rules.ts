import type { ChangeRequestState } from '../../contract/change-requests.ts';
import { ApiError, invalidOperation, notFound, validationError } from '../platform/http/errors.ts';

/** The states a request moves to from each open one; Applied, Rejected and Cancelled are final. */
const NEXT: Record<ChangeRequestState, readonly ChangeRequestState[]> = {
  Draft: ['In review', 'Cancelled'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Cancelled'],
  Rejected: [],
  Applied: [],
  Cancelled: [],
};

/** What a change of schedules names in its announcement, so that every process's scheduler looks again. */
export const SCHEDULE_CHANGE = 'change-request-schedule';

/**
 * The time a move to Scheduled gives (`scheduledAt`, required then, and only then, and later than `now`), as a Date;
 * undefined for other moves.
 */
export function checkSchedule(input: { state: string; scheduledAt?: string }, now: Date): Date | undefined {
  if (input.scheduledAt === undefined) {
    if (input.state === 'Scheduled') {
      throw validationError('scheduledAt', '"scheduledAt" is required to schedule a change request');
    }
    return undefined;
  }
  if (input.state !== 'Scheduled') {
    throw validationError('scheduledAt', '"scheduledAt" is only for the state Scheduled', input.scheduledAt);
  }
  const at = new Date(input.scheduledAt);
  if (!(at.getTime() > now.getTime())) {
    throw validationError('scheduledAt', '"scheduledAt" must be in the future', input.scheduledAt);
  }
  return at;
}

/** 409 for a request applied already, 400 for any other move the states do not allow. */
export function checkTransition(from: ChangeRequestState, to: ChangeRequestState): void {
  if (from === 'Applied' && to === 'Applied') {
    throw new ApiError(409, 'ChangeRequestAppliedError', 'This change request has been applied already');
  }
  if (!NEXT[from].includes(to)) throw invalidOperation(`A change request in state ${from} can not become ${to}`);
}

export const requestNotFound = (id: number) => notFound(`Could not find change request with id ${id}`);

export const notYours = (what: string) =>
  new ApiError(403, 'NoAccessError', `Only its author can ${what} a change request`);
export const ownApproval = () =>
  new ApiError(403, 'NoAccessError', 'You can not approve or reject your own change request');

/** 409: a toggle moved since its change was added; nothing was applied. */
export const conflictError = (conflict: { feature: string; version: number; currentVersion: number }) =>
  new ApiError(
    409,
    'ChangeRequestConflictError',
    `The toggle ${conflict.feature} changed since the change was added: it was at version ${conflict.version}, ` +
      `it is now at version ${conflict.currentVersion}. Nothing was applied`,
  );

/** 412: the request changed since the version the caller based the move on (If-Match), as a toggle's 412 says it. */
export const requestMoved = (id: number, expected: number, actual: number) =>
  new ApiError(
    412,
    'PreconditionFailedError',
    `The change request ${id} changed since version ${expected}: it is now at version ${actual}`,
  );
