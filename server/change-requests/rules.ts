import {
  moveRefusal,
  scheduleProblem,
  type ChangeRequestMove,
  type MoveSubject,
  type MovingPerson,
} from '../../contract/change-requests.ts';
import { ApiError, invalidOperation, noAccess, notFound, validationError } from '../platform/http/errors.ts';

const APPROVE = 'APPROVE_CHANGE_REQUEST';

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

/**
 * The answer to a move the contract's rule refuses (moveRefusal): 409 for a request applied already, 403 for a person
 * who may not make it, 400 for a move its state does not allow or an approval given already.
 */
export function checkMove(request: MoveSubject, to: ChangeRequestMove, person: MovingPerson): void {
  switch (moveRefusal(request, to, person)) {
    case undefined:
      return;
    case 'applied':
      throw new ApiError(409, 'ChangeRequestAppliedError', 'This change request has been applied already');
    case 'state':
      throw invalidOperation(`A change request in state ${request.state} can not become ${to}`);
    case 'author-only':
      throw new ApiError(403, 'NoAccessError', 'Only its author can send for review a change request');
    case 'approver-only':
      throw noAccess(`You need permission=${APPROVE} to perform this action`, APPROVE);
    case 'own-request':
      throw new ApiError(403, 'NoAccessError', 'You can not approve or reject your own change request');
    case 'approved':
      throw invalidOperation('You have approved this change request');
  }
}

export const requestNotFound = (id: number) => notFound(`Could not find change request with id ${id}`);

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
