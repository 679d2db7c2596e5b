import { Type, type Static } from 'typebox';
import { FeatureOverviewSchema } from './features.ts';
import { CurrentStageSchema } from './lifecycle.ts';
import { Timestamp } from './wire.ts';

// Wire shapes of the projects API (Unleash 4.2 keys; create, update, delete and `id` on one project are ours).

/** A project keeps at least one environment: the server's refusal and the console's text. */
export const LAST_ENVIRONMENT = 'You must always have at least one active environment per project';

const Id = Type.String({ maxLength: 100 });
const Description = Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]));
const ProjectName = Type.String({ maxLength: 100 });

export const ProjectParams = Type.Object({ projectId: Id });
export const ProjectEnvironmentParams = Type.Object({ projectId: Id, environment: Id });
export const ProjectIdBody = Type.Object({ id: Id });
export const ProjectBody = Type.Object({ id: Id, name: ProjectName, description: Description });
/** PUT api/admin/projects/{id}: the id may repeat the path. */
export const ProjectUpdateBody = Type.Object({ id: Type.Optional(Id), name: ProjectName, description: Description });
export const ProjectEnvironmentBody = Type.Object({ environment: Id });

/** A project as the list shows it (also the answer of create and update). */
export const ProjectSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  health: Type.Number(),
  featureCount: Type.Integer(),
  memberCount: Type.Integer(),
});
export type ProjectSummary = Static<typeof ProjectSummarySchema>;
export const ProjectListSchema = Type.Object({ version: Type.Literal(1), projects: Type.Array(ProjectSummarySchema) });

/** A toggle of a project's overview: its environments' states and its current lifecycle stage. */
export const ProjectToggleSchema = Type.Object({ ...FeatureOverviewSchema.properties, lifecycle: CurrentStageSchema });

const OverviewFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  health: Type.Number(),
  environments: Type.Array(Type.String()),
  features: Type.Array(ProjectToggleSchema),
  members: Type.Integer(),
};

/** GET api/admin/projects/{id}: Unleash's shape, plus id. */
export const ProjectOverviewSchema = Type.Object({ ...OverviewFields, version: Type.Literal(1) });

/** GET api/admin/projects/{id}/health-report: the overview, the counts and when the report was made. */
export const HealthReportSchema = Type.Object({
  version: Type.Literal(1),
  ...OverviewFields,
  potentiallyStaleCount: Type.Integer(),
  activeCount: Type.Integer(),
  staleCount: Type.Integer(),
  updatedAt: Timestamp,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a toggle created at `createdAt` (ms) has outlived its type's lifetime (`lifetimeDays`; null: the type never
 * expires): a live toggle not marked stale is then potentially stale (health report and rating).
 */
export function pastLifetime(createdAt: number, lifetimeDays: number | null | undefined, now: number): boolean {
  return lifetimeDays != null && now - createdAt > lifetimeDays * DAY_MS;
}

/** How many days without an SDK's report make a toggle unseen in an environment, unless the status call says. */
export const DEFAULT_UNSEEN_DAYS = 7;

/** GET api/admin/projects/{id}/status: toggles unseen by SDKs for unseenDays days (1 to 365). */
export const ProjectStatusQuery = Type.Object({
  unseenDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
});

/** Toggles named by one figure of a project's health, and their count. */
const NamedToggles = Type.Object({ count: Type.Integer(), features: Type.Array(Type.String()) });

/**
 * GET api/admin/projects/{id}/status: the project's clean-up figures (its Health tab). potentiallyStale: live toggles
 * not marked stale and past their type's lifetime; completed: live toggles whose lifecycle is completed; unseen, per
 * environment of the project: live toggles older than unseenDays that no SDK reported in it for unseenDays.
 */
export const ProjectStatusSchema = Type.Object({
  version: Type.Literal(1),
  unseenDays: Type.Integer(),
  potentiallyStale: NamedToggles,
  completed: NamedToggles,
  unseen: Type.Array(Type.Object({ environment: Type.String(), ...NamedToggles.properties })),
});
