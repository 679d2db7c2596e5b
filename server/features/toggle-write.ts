import { asc, eq, sql } from 'drizzle-orm';
import { CHANGE_REQUEST_REQUIRED } from '../../contract/change-requests.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvents } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { ApiError, preconditionFailed, validationError } from '../platform/http/errors.ts';
import { environmentsRequiringChangeRequests } from '../projects/index.ts';
import {
  checkArchiveState,
  checkArchiveStates,
  foundFeature,
  foundFeatures,
  nameList,
  type RequireOptions,
} from './rules.ts';
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

/** A write of a toggle in an environment of its project that takes changes through change requests only. */
interface Bypass {
  feature: string;
  project: string;
  environment: string;
}

/**
 * The change-request gate of every toggle change, in its transaction: a change of toggles in environments of their
 * project that take changes through change requests only passes when it applies an approved change request, or is
 * made by a holder of SKIP_CHANGE_REQUEST; anything else is refused (403). Returns the bypasses to record, one per
 * toggle and environment.
 */
async function bypassesOf(
  tx: Db,
  write: ToggleWrite,
  changes: ReadonlyArray<{ feature: Pick<FeatureRow, 'name' | 'project'>; environment?: string }>,
): Promise<Bypass[]> {
  if (write.changeRequest !== undefined) return [];
  const bypasses = new Map<string, Bypass>();
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
    for (const change of inProject) {
      if (gated.has(change.environment)) {
        bypasses.set(`${change.feature}\n${change.environment}`, { ...change, project });
      }
    }
  }
  return [...bypasses.values()];
}

/** Passes the change-request gate (bypassesOf), each toggle's bypass then recorded. */
async function passChangeRequestGate(
  tx: Db,
  write: ToggleWrite,
  changes: ReadonlyArray<{ feature: Pick<FeatureRow, 'name' | 'project'>; environment?: string }>,
): Promise<void> {
  const bypasses = await bypassesOf(tx, write, changes);
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

/** A change of many toggles of one project at once: their names, and the version each change is based on. */
export interface BulkCall {
  project: string;
  features: readonly string[];
  /** The version each toggle's change is based on, by name (the If-Match of each): 412 when any moved on. */
  versions?: Readonly<Record<string, number>>;
}

/**
 * The rule for a change of many named toggles of a project, first in its transaction: locks their rows in name order
 * (one query), and refuses the whole change when any of them is missing or in another project (404), in the wrong
 * state (`options`: archived or not), based on an older version (412) or in an environment (`options.environment`)
 * that takes changes through change requests only (403, unless the caller may skip them). Returns their rows; the
 * change is then recorded with recordToggleChanges for those it changed.
 */
export async function lockManyForChange(
  tx: Db,
  write: ToggleWrite,
  call: BulkCall,
  options: Omit<RequireOptions, 'project'> & { environment?: string },
): Promise<FeatureRow[]> {
  const versions = new Map(Object.entries(call.versions ?? {}));
  const names = new Set(call.features);
  const stray = [...versions.keys()].find((name) => !names.has(name));
  if (stray !== undefined) {
    throw validationError(['versions', stray], `"versions" names ${stray}, which "features" does not`, stray);
  }
  const locked = await lockToggles(tx, { names: [...names] });
  const rows = foundFeatures(locked, call.features, { ...options, project: call.project });
  checkArchiveStates(rows, options);
  const moved = rows.filter((row) => versions.has(row.name) && versions.get(row.name) !== row.version);
  if (moved.length > 0) {
    const which = moved.map((row) => `${row.name} (version ${versions.get(row.name)}, now ${row.version})`);
    throw new ApiError(
      412,
      'PreconditionFailedError',
      `These toggles changed since the versions the change is based on: ${nameList(which)}`,
    );
  }
  await bypassesOf(
    tx,
    write,
    rows.map((feature) => ({ feature, environment: options.environment })),
  );
  return rows;
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
