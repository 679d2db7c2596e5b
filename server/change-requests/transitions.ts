import type { ChangeRequest, ChangeRequestMove, ChangeRequestState } from '../../contract/change-requests.ts';
import type { PermissionEntry } from '../../contract/permissions.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { invalidOperation } from '../platform/http/errors.ts';
import { lockChangeRequestSetting } from '../projects/index.ts';
import { applyRequest, type Conflict } from './apply.ts';
import { checkMove, checkSchedule, conflictError, requestMoved, requestNotFound, SCHEDULE_CHANGE } from './rules.ts';
import { getChangeRequest, type Person } from './service.ts';
import {
  approverIdsOf,
  insertApproval,
  insertComment,
  lockRequest,
  updateRequest,
  type ChangeRequestRow,
  type RequestUpdate,
} from './store.ts';

// The moves of a request between states, each one transaction with its audit event (which addons receive).

/** The approvals the request's environment needs now, and those it has. */
async function approvalCount(tx: Db, row: ChangeRequestRow) {
  const setting = await lockChangeRequestSetting(tx, row.project, row.environment);
  return { needed: setting?.requiredApprovals ?? 1, given: (await approverIdsOf(tx, row.id)).length };
}

/** The refusal of applying (or scheduling) a request that lacks approvals; undefined when it has enough. */
export async function missingApprovals(tx: Db, row: ChangeRequestRow): Promise<string | undefined> {
  const { needed, given } = await approvalCount(tx, row);
  if (given < needed) return `This change request needs ${needed} approvals to be applied: it has ${given}`;
}

/** PUT .../state's body. */
export interface MoveInput {
  state: ChangeRequestMove;
  comment?: string;
  scheduledAt?: string;
  revertAt?: string;
}

/**
 * PUT .../change-requests/{id}/state, as the contract's rule (moveRefusal) allows moves: Draft -> In review ->
 * Approved or Rejected (the request is Approved once it has as many approvals as its environment needs) -> Applied,
 * or Scheduled at `scheduledAt` for the scheduler to apply, with its reverse at `revertAt` when given (a Scheduled
 * one may be applied now, keeping its window, or scheduled again); Cancelled from any open state, which also stops a
 * schedule. Applying or scheduling needs the approvals the environment asks for now. A
 * conflict found by applying is kept on the request (and audited), and answered 409. `ifMatch`: the version the
 * caller saw (an approval queued offline); a request that moved on since is refused (412).
 */
export async function moveChangeRequest(
  deps: AppDeps,
  person: Person,
  held: readonly PermissionEntry[],
  project: string,
  id: number,
  input: MoveInput,
  ifMatch?: number,
): Promise<ChangeRequest> {
  const schedule = checkSchedule(input, new Date());
  const conflict = await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, project, id);
    if (!row) throw requestNotFound(id);
    if (ifMatch !== undefined && ifMatch !== row.version) throw requestMoved(id, ifMatch, row.version);
    const from = row.state as ChangeRequestState;
    const subject = { state: from, project, authorId: row.createdById, approverIds: await approverIdsOf(tx, id) };
    checkMove(subject, input.state, { id: person.id, permissions: held });
    // Leaving a state clears what it kept: the schedule, an earlier conflict or failure.
    const update: RequestUpdate = { state: input.state, conflict: null, dueAt: null };
    let type: EventType;
    let found: Conflict | null = null;
    switch (input.state) {
      case 'In review':
        type = 'change-request-sent-to-review';
        break;
      case 'Rejected':
        type = 'change-request-rejected';
        break;
      case 'Approved': {
        await insertApproval(tx, id, person);
        const { needed, given } = await approvalCount(tx, row);
        update.state = given >= needed ? 'Approved' : 'In review';
        type = given >= needed ? 'change-request-approved' : 'change-request-approval-added';
        break;
      }
      case 'Applied':
      case 'Scheduled': {
        const missing = await missingApprovals(tx, row);
        if (missing) throw invalidOperation(missing);
        update.scheduleFailure = null;
        if (schedule) {
          Object.assign(update, { ...schedule, dueAt: schedule.scheduledAt });
          type = 'change-request-scheduled';
          break;
        }
        const applied = await applyRequest(deps, tx, person.name, row);
        found = applied.conflict;
        Object.assign(update, applied.update);
        if (found) Object.assign(update, { state: from, conflict: found, dueAt: row.dueAt });
        type = found ? 'change-request-conflict' : 'change-request-applied';
        break;
      }
      default:
        type = 'change-request-cancelled';
    }
    await updateRequest(tx, id, update);
    if (input.comment) await insertComment(tx, { changeRequestId: id, text: input.comment, createdBy: person.name });
    await appendEvent(tx, {
      type,
      createdBy: person.name,
      project,
      environment: row.environment,
      data: {
        id,
        state: update.state,
        ...schedule,
        ...(found ? { conflict: found } : {}),
        ...(input.comment ? { comment: input.comment } : {}),
      },
      preData: { id, state: from },
      // Every process's scheduler looks again for the next due request.
      changes: SCHEDULE_CHANGE,
    });
    return found;
  });
  if (conflict) throw conflictError(conflict);
  return getChangeRequest(deps.db, project, id);
}

/** POST .../change-requests/{id}/comments. */
export async function addComment(deps: AppDeps, person: Person, project: string, id: number, text: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, project, id);
    if (!row) throw requestNotFound(id);
    const comment = await insertComment(tx, { changeRequestId: id, text, createdBy: person.name });
    await appendEvent(tx, {
      type: 'change-request-comment-added',
      createdBy: person.name,
      project,
      environment: row.environment,
      data: { id, comment: { id: comment.id, text } },
    });
  });
  return getChangeRequest(deps.db, project, id);
}
