import { scheduleProblem, type ChangeRequestState } from '../../contract/change-requests.ts';
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
 * The times a move to Scheduled gives, as Dates: `scheduledAt` (required then, and only then, later than `now`) and
 * the end of a window, `revertAt` (optional, later than scheduledAt). Other moves give none.
 */
export function checkSchedule(
  input: { state: string; scheduledAt?: string; revertAt?: string },
  now: Date,
): { scheduledAt: Date; revertAt: Date | null } | undefined {
  for (const field of ['scheduledAt', 'revertAt'] as const) {
    if (input[field] !== undefined && input.state !== 'Scheduled') {
      throw validationError(field, `"${field}" is only for the state Scheduled`, input[field]);
    }
  }
  if (input.state !== 'Scheduled') return undefined;
  if (input.scheduledAt === undefined) {
    throw validationError('scheduledAt', '"scheduledAt" is required to schedule a change request');
  }
  const scheduledAt = new Date(input.scheduledAt);
  const revertAt = input.revertAt === undefined ? null : new Date(input.revertAt);
  const problem = scheduleProblem(scheduledAt, revertAt, now);
  if (problem === 'scheduledAt') {
    throw validationError('scheduledAt', '"scheduledAt" must be in the future', input.scheduledAt);
  }
  if (problem === 'revertAt') {
    throw validationError('revertAt', '"revertAt" must be later than "scheduledAt"', input.revertAt);
  }
  return { scheduledAt, revertAt };
}

/** A change as a draft holds it: its toggle, action and payload. */
interface DraftChange {
  feature: string;
  action: string;
  payload: unknown;
}

const strategyId = (payload: unknown) => (payload as { id?: unknown }).id;

/**
 * Whether `added` takes the place of `held` in a draft rather than following it: the same toggle's enabled state or
 * strategy order set again, or the same strategy edited or deleted again (as Unleash keeps one such change). Adding
 * a strategy never replaces: two adds are two strategies.
 */
export function replacesChange(held: DraftChange, added: DraftChange): boolean {
  if (held.feature !== added.feature || held.action !== added.action) return false;
  if (added.action === 'updateEnabled' || added.action === 'reorderStrategy') return true;
  if (added.action === 'updateStrategy' || added.action === 'deleteStrategy') {
    return strategyId(held.payload) === strategyId(added.payload);
  }
  return false;
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
