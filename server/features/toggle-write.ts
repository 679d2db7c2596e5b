import { asc, eq, sql } from 'drizzle-orm';
import { CHANGE_REQUEST_REQUIRED } from '../../contract/change-requests.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvents } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { ApiError, preconditionFailed } from '../platform/http/errors.ts';
import { environmentsRequiringChangeRequests } from '../projects/index.ts';
import { checkArchiveState, foundFeature, type RequireOptions } from './rules.ts';
import { features } from './schema.ts';
import { inNames, type FeatureRow } from './store.ts';

// The one rule for changing toggles, one or many at once, in the caller's transaction: their rows locked in name
// order (so concurrent changes queue up without deadlocking), If-Match where the caller has one, a new version
// (the ETag the console's conflict detection and the offline queue's If-Match compare) and an audit event each. A
// change of an environment that takes changes through change requests only is refused unless it applies an approved
// one, or the caller holds SKIP_CHANGE_REQUEST (then it is audited as a bypass).

/**
 * Who changes a toggle, and on which condition. `ifMatch` is the version the caller based the change on (If-Match;
 * undefined for none or `*`); the change sets `version` to the toggle's new version (the ETag to answer with).
 */
export interface ToggleWrite {
  actor: string;
  ifMatch?: number;
  version?: number;
  /** Whether the caller holds SKIP_CHANGE_REQUEST; asked only when the change meets an environment that needs it. */
  maySkipChangeRequests?: () => Promise<boolean>;
  /** The approved change request the change applies: it passes such environments (its own event audits it). */
  changeRequest?: number;
}

/** The environments a change of one toggle touches, besides what RequireOptions checks of the toggle. */
export interface ChangeOptions extends RequireOptions {
  environments?: readonly string[];
}

/** The 403 of a direct change to an environment that takes changes through change requests only. */
export const changeRequestRequired = (project: string, environment: string) =>
  new ApiError(
    403,
    CHANGE_REQUEST_REQUIRED,
    `Environment ${environment} of project ${project} takes changes through change requests only: request this change`,
  );

/**
 * The change-request gate of every toggle change, in its transaction: a change of toggles in environments of their
 * project that take changes through change requests only passes when it applies an approved change request, or is
 * made by a holder of SKIP_CHANGE_REQUEST (each toggle's bypass then recorded); anything else is refused (403).
 */
async function passChangeRequestGate(
  tx: Db,
  write: ToggleWrite,
  changes: ReadonlyArray<{ feature: Pick<FeatureRow, 'name' | 'project'>; environment?: string }>,
): Promise<void> {
  if (write.changeRequest !== undefined) return;
  const bypasses: Array<{ feature: string; project: string; environment: string }> = [];
  const byProject = new Map<string, Array<{ feature: string; environment: string }>>();
  for (const { feature, environment } of changes) {
    if (environment === undefined) continue;
    const inProject = byProject.get(feature.project) ?? [];
    inProject.push({ feature: feature.name, environment });
    byProject.set(feature.project, inProject);
  }
  for (const [project, inProject] of byProject) {
    const environments = [...new Set(inProject.map((change) => change.environment))];
    const gated = new Set(await environmentsRequiringChangeRequests(tx, project, environments));
    if (gated.size === 0) continue;
    if (!(await write.maySkipChangeRequests?.())) throw changeRequestRequired(project, [...gated][0]);
    for (const change of inProject) if (gated.has(change.environment)) bypasses.push({ ...change, project });
  }
  await appendEvents(
    tx,
    bypasses.map(({ feature, project, environment }) => ({
      type: 'change-request-bypassed',
      createdBy: write.actor,
      featureName: feature,
      project,
      environment,
      data: { name: feature, environment },
    })),
  );
}

/**
 * Locks the rows of the named toggles, or of every toggle of a project, until the transaction ends: in one query, in
 * name order. Returns the rows of those that exist.
 */
export function lockToggles(tx: Db, which: { names: readonly string[] } | { project: string }): Promise<FeatureRow[]> {
  if ('names' in which && which.names.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(features)
    .where('names' in which ? inNames(features.name, which.names) : eq(features.project, which.project))
    .orderBy(asc(features.name))
    .for('update');
}

/** Gives the (locked) toggles their next version, in one UPDATE; returns their rows as bumped. */
function bumpVersions(tx: Db, names: readonly string[]): Promise<FeatureRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return tx
    .update(features)
    .set({ version: sql`${features.version} + 1` })
    .where(inNames(features.name, names))
    .returning();
}

/**
 * The rule for a change of one toggle, first in its transaction: locks the row, answers 412 when If-Match is not the
 * current version, checks the toggle as `options` asks (404, archived or not), passes the change-request gate of the
 * environments it touches, and bumps the version (rolled back if the change fails), setting `write.version` to it.
 * Returns the row as bumped; the caller records the event.
 */
export async function lockForChange(
  tx: Db,
  name: string,
  write: ToggleWrite,
  options: ChangeOptions = {},
): Promise<FeatureRow> {
  const [locked] = await lockToggles(tx, { names: [name] });
  const feature = foundFeature(locked, name, options);
  if (write.ifMatch !== undefined && write.ifMatch !== feature.version) {
    throw preconditionFailed(name, write.ifMatch, feature.version);
  }
  checkArchiveState(feature, options);
  const environments = options.environments ?? [];
  await passChangeRequestGate(
    tx,
    write,
    environments.map((environment) => ({ feature, environment })),
  );
  const [row] = await bumpVersions(tx, [name]);
  write.version = row.version;
  return row;
}

/** What a change of many toggles records of one of them: its audit event. `created`: it did not exist before. */
export interface ToggleChange {
  feature: Pick<FeatureRow, 'name' | 'project'>;
  type: EventType;
  environment?: string;
  data?: unknown;
  preData?: unknown;
  created?: boolean;
}

/**
 * The rule for a change of many toggles (an environment added to or removed from them, an import), once made with
 * their rows locked (lockToggles): the change-request gate of the environments they changed in, then those that
 * existed before get their next version in one UPDATE (a new one starts at 1), and every changed toggle its event,
 * all in one INSERT.
 */
export async function recordToggleChanges(tx: Db, write: ToggleWrite, changes: readonly ToggleChange[]): Promise<void> {
  await passChangeRequestGate(tx, write, changes);
  await bumpVersions(
    tx,
    changes.filter((change) => !change.created).map((change) => change.feature.name),
  );
  await appendEvents(
    tx,
    changes.map(({ feature, type, environment, data, preData }) => ({
      type,
      createdBy: write.actor,
      featureName: feature.name,
      project: feature.project,
      environment,
      data,
      preData,
    })),
  );
}
