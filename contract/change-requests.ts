import { Type, type Static, type TSchema } from 'typebox';
import { FeatureName, StrategyBody, StrategyOrderBody, StrategyUpdateBody } from './features.ts';
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
