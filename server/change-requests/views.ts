import type { ChangeRequest, ChangeRequestState } from '../../contract/change-requests.ts';
import type { VersionedChange } from './apply.ts';
import type { ApprovalRow, ChangeRequestRow, ChangeRow, CommentRow } from './store.ts';

export interface RequestParts {
  changes: ChangeRow[];
  approvals: ApprovalRow[];
  comments: CommentRow[];
}

/** A request as the API answers it, with its changes, approvals and comments and the approvals it needs. */
export function changeRequestView(row: ChangeRequestRow, parts: RequestParts, minApprovals: number): ChangeRequest {
  const own = <T extends { changeRequestId: number }>(list: T[]) => list.filter((p) => p.changeRequestId === row.id);
  return {
    id: row.id,
    project: row.project,
    environment: row.environment,
    state: row.state as ChangeRequestState,
    version: row.version,
    createdBy: { id: row.createdById, username: row.createdBy },
    createdAt: row.createdAt,
    scheduledAt: row.scheduledAt,
    minApprovals,
    approvals: own(parts.approvals).map((a) => ({
      createdBy: { id: a.userId, username: a.createdBy },
      createdAt: a.createdAt,
    })),
    changes: own(parts.changes).map((c) => ({
      id: c.id,
      feature: c.feature,
      action: c.action,
      payload: c.payload,
      version: c.featureVersion,
      createdAt: c.createdAt,
    })),
    comments: own(parts.comments).map((c) => ({
      id: c.id,
      text: c.text,
      createdBy: c.createdBy,
      createdAt: c.createdAt,
    })),
    conflict: row.conflict as ChangeRequest['conflict'],
    scheduleFailure: row.scheduleFailure as ChangeRequest['scheduleFailure'],
    revertAt: row.revertAt,
    revert:
      (row.revert as VersionedChange[] | null)?.map(({ featureVersion, ...change }) => ({
        ...change,
        version: featureVersion,
      })) ?? null,
    revertedAt: row.revertedAt,
  };
}
