import type { ChangeRequest, ChangeRequestChangeInput, ChangeRequestState } from '../../contract/change-requests.ts';
import { can, type PermissionEntry } from '../../contract/permissions.ts';
import type { AppDeps } from '../deps.ts';
import { lockToggles } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { invalidOperation, noAccess } from '../platform/http/errors.ts';
import { lockChangeRequestSetting } from '../projects/index.ts';
import { applyChange } from './apply.ts';
import { checkTransition, conflictError, notYours, ownApproval, requestMoved, requestNotFound } from './rules.ts';
import { getChangeRequest, type Person } from './service.ts';
import {
  countApprovals,
  insertApproval,
  insertComment,
  lockRequest,
  partsOf,
  updateRequest,
  type ChangeRequestRow,
} from './store.ts';

// The moves of a request between states, each one transaction with its audit event (which addons receive).

type Conflict = { feature: string; version: number; currentVersion: number };

const APPROVE = 'APPROVE_CHANGE_REQUEST';
const needApprove = () => noAccess(`You need permission=${APPROVE} to perform this action`, APPROVE);

/** The approvals the request's environment needs now, and those it has. */
async function approvalCount(tx: Db, row: ChangeRequestRow) {
  const setting = await lockChangeRequestSetting(tx, row.project, row.environment);
  return { needed: setting?.requiredApprovals ?? 1, given: await countApprovals(tx, row.id) };
}

/**
 * Applies every change of the request in the caller's transaction, through the toggle rule, as pre-approved changes:
 * first the toggles are locked and each change's recorded version compared with the toggle's (a moved toggle is the
 * conflict returned, and nothing is applied), then the changes are made in the order they were added.
 */
async function applyRequest(deps: AppDeps, tx: Db, actor: string, row: ChangeRequestRow): Promise<Conflict | null> {
  const { changes } = await partsOf(tx, [row.id]);
  const toggles = await lockToggles(tx, { names: [...new Set(changes.map((c) => c.feature))].sort() });
  const versions = new Map(toggles.map((toggle) => [toggle.name, toggle.version]));
  for (const change of changes) {
    const currentVersion = versions.get(change.feature)!;
    if (currentVersion !== change.featureVersion) {
      return { feature: change.feature, version: change.featureVersion, currentVersion };
    }
  }
  const where = { project: row.project, environment: row.environment };
  for (const change of changes) {
    const input = {
      feature: change.feature,
      action: change.action,
      payload: change.payload,
    } as ChangeRequestChangeInput;
    await applyChange(deps, tx, { actor, changeRequest: row.id }, where, input);
  }
  return null;
}

/**
 * PUT .../change-requests/{id}/state: Draft -> In review (its author) -> Approved or Rejected (someone else holding
 * APPROVE_CHANGE_REQUEST; an approval counts once per person, and the request is Approved once it has as many as its
 * environment needs) -> Applied (its author or an approver); Cancelled from any open state (its author or an
 * approver). A conflict found by applying is kept on the request (and audited), and answered 409. `ifMatch`: the
 * version the caller saw (an approval queued offline); a request that moved on since is refused (412).
 */
export async function moveChangeRequest(
  deps: AppDeps,
  person: Person,
  held: readonly PermissionEntry[],
  project: string,
  id: number,
  input: { state: ChangeRequestState; comment?: string },
  ifMatch?: number,
): Promise<ChangeRequest> {
  const conflict = await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, project, id);
    if (!row) throw requestNotFound(id);
    if (ifMatch !== undefined && ifMatch !== row.version) throw requestMoved(id, ifMatch, row.version);
    const from = row.state as ChangeRequestState;
    checkTransition(from, input.state);
    const isAuthor = row.createdById === person.id;
    const mayApprove = can(held, APPROVE, project);
    let state = input.state;
    let type: EventType;
    let found: Conflict | null = null;
    switch (input.state) {
      case 'In review':
        if (!isAuthor) throw notYours('send for review');
        type = 'change-request-sent-to-review';
        break;
      case 'Approved':
      case 'Rejected': {
        if (!mayApprove) throw needApprove();
        if (isAuthor) throw ownApproval();
        if (input.state === 'Rejected') {
          type = 'change-request-rejected';
          break;
        }
        if (!(await insertApproval(tx, id, person))) throw invalidOperation('You have approved this change request');
        const { needed, given } = await approvalCount(tx, row);
        state = given >= needed ? 'Approved' : 'In review';
        type = given >= needed ? 'change-request-approved' : 'change-request-approval-added';
        break;
      }
      case 'Applied': {
        if (!isAuthor && !mayApprove) throw needApprove();
        const { needed, given } = await approvalCount(tx, row);
        if (given < needed) {
          throw invalidOperation(`This change request needs ${needed} approvals to be applied: it has ${given}`);
        }
        found = await applyRequest(deps, tx, person.name, row);
        state = found ? from : 'Applied';
        type = found ? 'change-request-conflict' : 'change-request-applied';
        break;
      }
      default:
        if (!isAuthor && !mayApprove) throw needApprove();
        type = 'change-request-cancelled';
    }
    await updateRequest(tx, id, { state, conflict: found });
    if (input.comment) await insertComment(tx, { changeRequestId: id, text: input.comment, createdBy: person.name });
    await appendEvent(tx, {
      type,
      createdBy: person.name,
      project,
      environment: row.environment,
      data: { id, state, ...(found ? { conflict: found } : {}), ...(input.comment ? { comment: input.comment } : {}) },
      preData: { id, state: from },
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
