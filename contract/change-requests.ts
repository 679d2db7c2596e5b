import { Type, type Static, type TSchema } from 'typebox';
import { FeatureName, StrategyBody, StrategyOrderBody, StrategyUpdateBody } from './features.ts';
import { can, type PermissionEntry } from './permissions.ts';
import { Nullable, Timestamp } from './wire.ts';

// Change requests: while a project environment takes changes through them, its toggles change only once other people
// have approved. The paths and names follow Unleash's change requests (an Enterprise feature there).

/** PUT api/admin/projects/{p}/environments/{env}/change-requests/config. */
export const ChangeRequestConfigBody = Type.Object(
  {
    changeRequestsEnabled: Type.Boolean(),
    requiredApprovals: Type.Integer({ minimum: 1, maximum: 10 }),
  },
  { additionalProperties: false },
);
export type ChangeRequestConfigInput = Static<typeof ChangeRequestConfigBody>;

/** One environment's setting, as GET api/admin/projects/{p}/change-requests/config lists them. */
export const ChangeRequestConfigSchema = Type.Object({
  environment: Type.String(),
  type: Type.String(),
  changeRequestsEnabled: Type.Boolean(),
  requiredApprovals: Type.Integer(),
});
export type ChangeRequestConfig = Static<typeof ChangeRequestConfigSchema>;

export const ChangeRequestConfigListSchema = Type.Array(ChangeRequestConfigSchema);

/** The error a direct change of such an environment gets (403), naming the project and the environment. */
export const CHANGE_REQUEST_REQUIRED = 'ChangeRequestRequiredError';

/**
 * Where a request stands: a Draft gathers its author's changes, In review awaits approvals, Approved may be applied
 * (Scheduled: to be applied at `scheduledAt`), and Applied, Rejected and Cancelled are final.
 */
export const ChangeRequestStateSchema = Type.Union([
  Type.Literal('Draft'),
  Type.Literal('In review'),
  Type.Literal('Approved'),
  Type.Literal('Rejected'),
  Type.Literal('Applied'),
  Type.Literal('Cancelled'),
  Type.Literal('Scheduled'),
]);
export type ChangeRequestState = Static<typeof ChangeRequestStateSchema>;

const Closed = { additionalProperties: false } as const;
const StrategyId = Type.String({ maxLength: 100 });

/** What each action's payload is: the body of the direct call it stands for. */
const change = <A extends string, P extends TSchema>(action: A, payload: P) =>
  Type.Object({ feature: FeatureName, action: Type.Literal(action), payload }, Closed);

/** POST api/admin/projects/{p}/environments/{env}/change-requests: one change, added to the caller's Draft. */
export const ChangeRequestChangeBody = Type.Union([
  change('updateEnabled', Type.Object({ enabled: Type.Boolean() }, Closed)),
  change('addStrategy', StrategyBody),
  change('updateStrategy', Type.Object({ ...StrategyUpdateBody.properties, id: StrategyId }, Closed)),
  change('deleteStrategy', Type.Object({ id: StrategyId }, Closed)),
  change('reorderStrategy', StrategyOrderBody),
]);
export type ChangeRequestChangeInput = Static<typeof ChangeRequestChangeBody>;
export type ChangeAction = ChangeRequestChangeInput['action'];

const Person = Type.Object({ id: Type.Integer(), username: Type.String() });

/** A change as a request shows it: the action, its payload and the toggle version it was made against. */
const ChangeSchema = Type.Object({
  feature: Type.String(),
  action: Type.String(),
  payload: Type.Unknown(),
  /** The toggle's version when the change was added: applying it needs the toggle still at that version. */
  version: Type.Integer(),
});

export const ChangeRequestSchema = Type.Object({
  id: Type.Integer(),
  project: Type.String(),
  environment: Type.String(),
  state: ChangeRequestStateSchema,
  /**
   * Moves with every change of what is decided: a change added, each transition, the scheduler's work (not a comment).
   * Also the answer's ETag; PUT .../state with an older one as If-Match is refused (412).
   */
  version: Type.Integer(),
  createdBy: Person,
  createdAt: Timestamp,
  scheduledAt: Nullable(Timestamp),
  /** The approvals the environment needs, and those given so far (one per person). */
  minApprovals: Type.Integer(),
  approvals: Type.Array(Type.Object({ createdBy: Person, createdAt: Timestamp })),
  changes: Type.Array(Type.Object({ id: Type.Integer(), ...ChangeSchema.properties, createdAt: Timestamp })),
  comments: Type.Array(
    Type.Object({ id: Type.Integer(), text: Type.String(), createdBy: Type.String(), createdAt: Timestamp }),
  ),
  /** Set when applying found a toggle changed since its change was added: both versions. Nothing was applied. */
  conflict: Nullable(Type.Object({ feature: Type.String(), version: Type.Integer(), currentVersion: Type.Integer() })),
  /**
   * Set when the server could not do what was due (a conflict, a change no longer possible, approvals missing): when,
   * and why. Nothing of it was applied: a Scheduled request is Approved again, an applied one keeps its changes.
   */
  scheduleFailure: Nullable(Type.Object({ at: Timestamp, reason: Type.String() })),
  /**
   * A window's end: `revert` is what the server applies then, derived when the changes were applied (each toggle's
   * state before them, against the versions they left), and `revertedAt` when it was applied.
   */
  revertAt: Nullable(Timestamp),
  revert: Nullable(Type.Array(ChangeSchema)),
  revertedAt: Nullable(Timestamp),
});
export type ChangeRequest = Static<typeof ChangeRequestSchema>;
export const ChangeRequestListSchema = Type.Array(ChangeRequestSchema);

export const ChangeRequestParams = Type.Object({
  projectId: Type.String({ maxLength: 100 }),
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export const ChangeRequestListQuery = Type.Object({ state: Type.Optional(ChangeRequestStateSchema) });

/**
 * PUT api/admin/projects/{p}/change-requests/{id}/state; a comment given is added to the request. If-Match: the
 * request's version (ETag) the move is based on.
 */
export const ChangeRequestStateBody = Type.Object(
  {
    state: Type.Union([
      Type.Literal('In review'),
      Type.Literal('Approved'),
      Type.Literal('Rejected'),
      Type.Literal('Applied'),
      Type.Literal('Scheduled'),
      Type.Literal('Cancelled'),
    ]),
    comment: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })),
    /** With state Scheduled (only): when the server applies the request, a time in the future. */
    scheduledAt: Type.Optional(Type.String({ format: 'date-time' })),
    /** With state Scheduled (optional): the end of a window, when the server applies the changes' reverse. */
    revertAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  Closed,
);

/** The states a request may be moved to (PUT .../state). */
export type ChangeRequestMove = Static<typeof ChangeRequestStateBody>['state'];

/**
 * The moves each state allows, in the order a screen offers them: Applied, Rejected and Cancelled are final; a
 * Scheduled request may be applied now (keeping its window) or scheduled again.
 */
const NEXT: Record<ChangeRequestState, readonly ChangeRequestMove[]> = {
  Draft: ['In review', 'Cancelled'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Cancelled'],
  Rejected: [],
  Applied: [],
  Cancelled: [],
};

/** What a move depends on of the request: its state, project, author and who approved it so far. */
export interface MoveSubject {
  state: ChangeRequestState;
  project: string;
  authorId: number;
  approverIds: readonly number[];
}

/** Who moves a request: their user id and the permissions they hold (unknown while the console loads them). */
export interface MovingPerson {
  id?: number;
  permissions?: readonly PermissionEntry[];
}

/**
 * Why a move is refused: `applied` (applying an applied request again), `state` (the state does not allow it),
 * `author-only` (only the author sends to review), `approver-only` (the move needs APPROVE_CHANGE_REQUEST in the
 * project; the author may also apply, schedule and cancel), `own-request` (the author approves or rejects), `approved`
 * (the person approved already: an approval counts once per person).
 */
export type MoveRefusal = 'applied' | 'state' | 'author-only' | 'approver-only' | 'own-request' | 'approved';

/**
 * Whether the person may move the request to `to` (the server's rule, which the console's buttons follow): the author
 * sends a draft to review; someone else holding APPROVE_CHANGE_REQUEST approves (once) or rejects a request in review;
 * the author or an approver applies or schedules an approved or scheduled one, or cancels an open one. Undefined when
 * the move is allowed.
 */
export function moveRefusal(
  request: MoveSubject,
  to: ChangeRequestMove,
  person: MovingPerson,
): MoveRefusal | undefined {
  if (request.state === 'Applied' && to === 'Applied') return 'applied';
  if (!NEXT[request.state].includes(to)) return 'state';
  const isAuthor = person.id !== undefined && request.authorId === person.id;
  const mayApprove = can(person.permissions, 'APPROVE_CHANGE_REQUEST', request.project);
  switch (to) {
    case 'In review':
      return isAuthor ? undefined : 'author-only';
    case 'Approved':
    case 'Rejected':
      if (!mayApprove) return 'approver-only';
      if (isAuthor) return 'own-request';
      return to === 'Approved' && request.approverIds.includes(person.id!) ? 'approved' : undefined;
    default:
      return isAuthor || mayApprove ? undefined : 'approver-only';
  }
}

/** The moves the person may make on the request now, in the order a screen offers them. */
export function movesFor(request: ChangeRequest, person: MovingPerson): ChangeRequestMove[] {
  const subject = {
    state: request.state,
    project: request.project,
    authorId: request.createdBy.id,
    approverIds: request.approvals.map((approval) => approval.createdBy.id),
  };
  return NEXT[request.state].filter((to) => moveRefusal(subject, to, person) === undefined);
}

/**
 * What is wrong with a schedule (the server's rule, which the console's form applies): `scheduledAt` must be a time
 * later than `now`, a window's end `revertAt` later than `scheduledAt`. Undefined when it may be sent.
 */
export function scheduleProblem(
  scheduledAt: Date,
  revertAt: Date | null,
  now: Date,
): 'scheduledAt' | 'revertAt' | undefined {
  if (!(scheduledAt.getTime() > now.getTime())) return 'scheduledAt';
  if (revertAt && !(revertAt.getTime() > scheduledAt.getTime())) return 'revertAt';
  return undefined;
}

/** POST api/admin/projects/{p}/change-requests/{id}/comments. */
export const ChangeRequestCommentBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 10_000 }) }, Closed);
