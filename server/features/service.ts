import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { projectEnvironmentNames } from '../environments/store.ts';
import { appendEvent } from '../platform/events/store.ts';
import { FEATURE_TYPE_IDS } from '../feature-types/types.ts';
import {
  ApiError,
  assertUrlFriendly,
  invalidOperation,
  nameExists,
  notFound,
  preconditionFailed,
  validationError,
} from '../platform/http/errors.ts';
import { projectExists } from '../projects/store.ts';
import { checkTag } from '../tags/service.ts';
import { deleteFeatureTag, insertFeatureTag, insertTag, type Tag } from '../tags/store.ts';
import { applyPatch, type PatchOperation } from './json-patch.ts';
import { checkStrategy } from './strategy-rules.ts';
import {
  addFeatureEnvironments,
  bumpVersion,
  deleteFeature,
  deleteStrategies,
  environmentsWithStrategies,
  featureEnvironmentsOf,
  findFeature,
  insertFeature,
  insertStrategies,
  listFeatures,
  lockFeatureRow,
  setFeatureEnvironmentEnabled,
  strategiesOf,
  updateFeature,
  type Constraint,
  type FeatureFilter,
  type FeatureRow,
  type NewFeature,
  type StrategyData,
  type StrategyRow,
} from './store.ts';
import { checkVariants, type Variant } from './variants.ts';

/** The environment the classic API (api/admin/features) reads and writes, as in Unleash 4.2. */
export const CLASSIC_ENV = 'default';
export const DEFAULT_STRATEGY: StrategyData = { name: 'default', parameters: {}, constraints: [] };

export interface FeatureInput {
  name: string;
  description?: string | null;
  type?: string;
  stale?: boolean;
  /** Checked by checkVariants. */
  variants?: unknown[] | null;
}

export interface ClassicInput extends FeatureInput {
  project?: string;
  enabled?: boolean;
  /** Checked by checkStrategy; a given id is kept when it is one of the toggle's strategies. */
  strategies?: Array<{ id?: string; name: string; parameters?: unknown; constraints?: unknown }> | null;
}

/**
 * Who changes a toggle, and on which condition. `ifMatch` is the version the caller based the change on (If-Match;
 * undefined for none or `*`); the change sets `version` to the toggle's new version (the ETag to answer with).
 */
export interface ToggleWrite {
  actor: string;
  ifMatch?: number;
  version?: number;
}

const strategyResponse = (s: StrategyRow) => ({
  id: s.id,
  name: s.strategyName,
  constraints: s.constraints as Constraint[],
  parameters: s.parameters as Record<string, string>,
});
export const strategyWithOrder = (s: StrategyRow) => ({ ...strategyResponse(s), sortOrder: s.sortOrder });

/** The toggle's own fields (the answer of toggle on/off, PATCH, clone, the archive list), with its version. */
export const metadata = (f: FeatureRow) => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  stale: f.stale,
  variants: f.variants as Variant[] | null,
  createdAt: f.createdAt,
  lastSeenAt: f.lastSeenAt,
  version: f.version,
});

/** enabled and strategies of each toggle in one environment. */
export async function environmentState(db: Db, rows: FeatureRow[], environment: string) {
  const names = rows.map((f) => f.name);
  const [envs, strategies] = await Promise.all([featureEnvironmentsOf(db, names), strategiesOf(db, names, environment)]);
  const enabled = new Set(envs.filter((e) => e.name === environment && e.enabled).map((e) => e.feature));
  const byFeature = new Map<string, StrategyRow[]>();
  for (const s of strategies) byFeature.set(s.feature, [...(byFeature.get(s.feature) ?? []), s]);
  return (name: string) => ({ enabled: enabled.has(name), strategies: byFeature.get(name) ?? [] });
}

/** GET api/admin/features/{name}: the toggle with enabled and strategies of the default environment. */
export async function classicFeature(db: Db, f: FeatureRow) {
  const state = (await environmentState(db, [f], CLASSIC_ENV))(f.name);
  return {
    ...metadata(f),
    archived: f.archivedAt !== null,
    enabled: state.enabled,
    strategies: state.strategies.map(strategyWithOrder),
  };
}

/** GET api/admin/features: live toggles, sorted by name. */
export async function classicList(db: Db, filter: Omit<FeatureFilter, 'archived'>) {
  const rows = await listFeatures(db, { ...filter, archived: false });
  const state = await environmentState(db, rows, CLASSIC_ENV);
  return rows.map((f) => {
    const s = state(f.name);
    return { ...metadata(f), enabled: s.enabled, strategies: s.strategies.map(strategyResponse) };
  });
}

/** GET api/admin/projects/{p}/features/{name}: the toggle with every environment and its strategies. */
export async function projectFeature(db: Db, f: FeatureRow) {
  const [envs, strategies] = await Promise.all([featureEnvironmentsOf(db, [f.name]), strategiesOf(db, [f.name])]);
  return {
    ...metadata(f),
    archived: f.archivedAt !== null,
    environments: envs.map((e) => ({
      name: e.name,
      enabled: e.enabled,
      type: e.type,
      sortOrder: e.sortOrder,
      strategies: strategies.filter((s) => s.environment === e.name).map(strategyWithOrder),
    })),
  };
}

/** The project overview rows (GET api/admin/projects/{p}/features and the project page). */
export async function featureOverviews(db: Db, rows: FeatureRow[]) {
  const envs = await featureEnvironmentsOf(
    db,
    rows.map((f) => f.name),
  );
  return rows.map((f) => ({
    type: f.type,
    name: f.name,
    createdAt: f.createdAt,
    lastSeenAt: f.lastSeenAt,
    stale: f.stale,
    version: f.version,
    environments: envs
      .filter((e) => e.feature === f.name)
      .map((e) => ({ name: e.name, enabled: e.enabled, type: e.type, sortOrder: e.sortOrder })),
  }));
}

// ---- rules -------------------------------------------------------------------------------------------------------

const toggleExists = () => nameExists('A toggle with that name already exists');
const missingStrategies = () => validationError('strategies', 'You must add at least one activation strategy');

function checkName(name: string) {
  assertUrlFriendly('name', name, 100);
}

function checkType(type: string | undefined) {
  if (type !== undefined && !FEATURE_TYPE_IDS.includes(type as never)) {
    throw validationError('type', `"type" must be one of [${FEATURE_TYPE_IDS.join(', ')}]`, type);
  }
}

async function checkProject(db: Db, project: string) {
  if (!(await projectExists(db, project))) throw notFound(`Project with id ${project} does not exist`);
}

export interface RequireOptions {
  /** The toggle must be in this project. */
  project?: string;
  /** The toggle must not be archived. */
  live?: boolean;
  /** The toggle must be archived. */
  archived?: boolean;
}

function foundFeature(feature: FeatureRow | undefined, name: string, options: RequireOptions): FeatureRow {
  if (!feature || (options.project !== undefined && feature.project !== options.project)) {
    const where = options.project === undefined ? '' : ` in project ${options.project}`;
    throw notFound(`Could not find feature toggle with name ${name}${where}`);
  }
  return feature;
}

function checkArchiveState(feature: FeatureRow, options: RequireOptions) {
  if (options.live && feature.archivedAt !== null) {
    throw invalidOperation(`The feature toggle ${feature.name} is archived: revive it before changing it`);
  }
  if (options.archived && feature.archivedAt === null) {
    throw invalidOperation(`The feature toggle ${feature.name} is not archived`);
  }
}

/** The toggle, or 404; with `project`, it must be in that project; with `live`, it must not be archived. */
export async function requireFeature(db: Db, name: string, options: RequireOptions = {}): Promise<FeatureRow> {
  const feature = foundFeature(await findFeature(db, name), name, options);
  checkArchiveState(feature, options);
  return feature;
}

/**
 * The one rule for changing a toggle, called first in the transaction of every mutating toggle call: locks the
 * toggle's row (SELECT ... FOR UPDATE) so concurrent changes queue up, refuses the change with a 412 when the
 * caller's If-Match is not the current version, and bumps the version by one (rolled back with the rest if the change
 * fails). Sets `write.version` to the new version and returns the row as bumped.
 */
export async function lockForChange(tx: Db, name: string, write: ToggleWrite, options: RequireOptions = {}): Promise<FeatureRow> {
  const feature = foundFeature(await lockFeatureRow(tx, name), name, options);
  if (write.ifMatch !== undefined && write.ifMatch !== feature.version) {
    throw preconditionFailed(name, write.ifMatch, feature.version);
  }
  checkArchiveState(feature, options);
  const row = await bumpVersion(tx, name);
  write.version = row.version;
  return row;
}

/** The project a toggle belongs to (for permission checks); undefined when there is no such toggle. */
export async function projectOf(db: Db, name: string | undefined): Promise<string | undefined> {
  return name === undefined ? undefined : (await findFeature(db, name))?.project;
}

export async function validateFeatureName(deps: AppDeps, name: string): Promise<void> {
  checkName(name);
  if (await findFeature(deps.db, name)) throw toggleExists();
}

/** The classic view of a toggle as events record it (without the version, which every change bumps). */
async function eventView(tx: Db, feature: FeatureRow) {
  const { version: _version, ...view } = await classicFeature(tx, feature);
  return view;
}

/** Appends a toggle event whose data and preData are the classic view of the toggle. */
async function featureEvent(
  tx: Db,
  type: string,
  actor: string,
  after: FeatureRow | null,
  before?: Awaited<ReturnType<typeof eventView>>,
  environment?: string,
) {
  const data = after ? await eventView(tx, after) : null;
  const feature = after ?? undefined;
  await appendEvent(tx, {
    type,
    createdBy: actor,
    featureName: feature?.name ?? before?.name,
    project: feature?.project ?? before?.project,
    environment,
    data,
    preData: before,
  });
}

/**
 * Creates a toggle in a project. It gets every environment the project has enabled; classic creation also gets
 * `default` with the given enabled flag and strategies. Environments without given strategies get the default one.
 */
export async function createFeature(
  deps: AppDeps,
  actor: string,
  project: string,
  input: ClassicInput,
  classic: boolean,
): Promise<FeatureRow> {
  checkName(input.name);
  checkType(input.type);
  const variants = input.variants ? checkVariants(input.variants) : null;
  const given = await checkStrategies(deps.db, input.strategies ?? [], input.name);
  await checkProject(deps.db, project);
  return deps.db.transaction(async (tx) => {
    const row = await insertFeature(tx, {
      name: input.name,
      description: input.description ?? null,
      type: input.type ?? 'release',
      project,
      stale: input.stale ?? false,
      variants,
    });
    if (!row) throw toggleExists();
    const envs = await projectEnvironmentNames(tx, project);
    if (classic && !envs.includes(CLASSIC_ENV)) envs.unshift(CLASSIC_ENV);
    await addFeatureEnvironments(
      tx,
      row.name,
      envs.map((environment) => ({ environment, enabled: classic && environment === CLASSIC_ENV && input.enabled === true })),
    );
    for (const env of envs) {
      const strategies = classic && env === CLASSIC_ENV && given.length > 0 ? given : [DEFAULT_STRATEGY];
      await insertStrategies(tx, row.name, env, strategies);
    }
    await featureEvent(tx, 'feature-created', actor, row);
    return row;
  });
}

/** The classic toggle's strategies, each checked by the one rule for strategy instances. */
function checkStrategies(db: Db, strategies: NonNullable<ClassicInput['strategies']>, featureName: string) {
  return Promise.all(strategies.map((s, i) => checkStrategy(db, s, featureName, ['strategies', i])));
}

/** PUT api/admin/features/{name}: replaces the fields given, and the default environment's strategies if given. */
export async function updateClassic(deps: AppDeps, write: ToggleWrite, name: string, input: ClassicInput) {
  if (input.name !== name) throw validationError('name', `"name" must be ${name}, the toggle in the path`, input.name);
  checkType(input.type);
  if (input.strategies && input.strategies.length === 0) throw missingStrategies();
  const variants = input.variants ? checkVariants(input.variants) : input.variants;
  const strategies = input.strategies ? await checkStrategies(deps.db, input.strategies, name) : undefined;
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    if (input.project !== undefined && input.project !== feature.project) {
      throw invalidOperation('Use changeProject (POST api/admin/projects/{project}/features/{name}/changeProject) to move a toggle');
    }
    const before = await eventView(tx, feature);
    const change: Partial<NewFeature> = {};
    if (input.description !== undefined) change.description = input.description;
    if (input.type !== undefined) change.type = input.type;
    if (input.stale !== undefined) change.stale = input.stale;
    if (variants !== undefined) change.variants = variants;
    const row = Object.keys(change).length > 0 ? await updateFeature(tx, name, change) : feature;
    if (input.enabled !== undefined || strategies) {
      await addFeatureEnvironments(tx, name, [{ environment: CLASSIC_ENV, enabled: false }]);
    }
    if (input.enabled !== undefined) await setFeatureEnvironmentEnabled(tx, name, CLASSIC_ENV, input.enabled);
    if (strategies) {
      const kept = new Set(before.strategies.map((s) => s.id));
      const idOf = (i: number) => {
        const id = input.strategies?.[i].id;
        return id && kept.has(id) ? id : undefined;
      };
      await deleteStrategies(tx, name, CLASSIC_ENV);
      await insertStrategies(tx, name, CLASSIC_ENV, strategies.map((s, i) => ({ ...s, id: idOf(i) })));
    }
    await featureEvent(tx, 'feature-updated', write.actor, row, before);
    return classicFeature(tx, row);
  });
}

/** toggle/on, toggle/off and toggle (flip) of the default environment. */
export async function setClassicEnabled(deps: AppDeps, write: ToggleWrite, name: string, mode: boolean | 'flip') {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    const before = await eventView(tx, feature);
    const enabled = mode === 'flip' ? !before.enabled : mode;
    if (!(await setFeatureEnvironmentEnabled(tx, name, CLASSIC_ENV, enabled))) {
      throw notFound(`Could not find environment ${CLASSIC_ENV} for feature: ${name}`);
    }
    await featureEvent(tx, 'feature-updated', write.actor, feature, before, CLASSIC_ENV);
    return metadata(feature);
  });
}

export async function setStale(deps: AppDeps, write: ToggleWrite, name: string, stale: boolean) {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { stale });
    await featureEvent(tx, stale ? 'feature-stale-on' : 'feature-stale-off', write.actor, row, before);
    return row;
  });
}

export interface MetadataChange {
  description?: string | null;
  type?: string;
  stale?: boolean;
  /** Checked by checkVariants. */
  variants?: unknown;
}

/** Turns a JSON patch into a change; only replace/add of /stale, /type, /description and /variants are allowed. */
export function patchToChange(ops: PatchOperation[]): MetadataChange {
  const change: MetadataChange = {};
  ops.forEach((o, i) => {
    const bad = (message: string) =>
      new ApiError(400, 'ValidationError', message, [{ message, path: [i, 'path'], type: 'any.invalid', context: { key: 'path', label: `[${i}].path`, value: o.path } }], { isJoi: true });
    if (o.op !== 'replace' && o.op !== 'add') throw bad(`Operation "${o.op}" is not supported: use replace`);
    if (o.path === '/stale') {
      if (typeof o.value !== 'boolean') throw bad('"/stale" must be replaced with a boolean');
      change.stale = o.value;
    } else if (o.path === '/type') {
      if (typeof o.value !== 'string') throw bad('"/type" must be replaced with a string');
      checkType(o.value);
      change.type = o.value;
    } else if (o.path === '/description') {
      if (typeof o.value !== 'string' && o.value !== null) throw bad('"/description" must be replaced with a string');
      change.description = o.value;
    } else if (o.path === '/variants') {
      change.variants = o.value;
    } else {
      throw bad(`Path "${o.path}" cannot be patched here: only /stale, /type, /description and /variants can`);
    }
  });
  return change;
}

/** PUT/PATCH of a project toggle: description, type, stale and variants. */
export async function updateMetadata(deps: AppDeps, write: ToggleWrite, project: string, name: string, change: MetadataChange) {
  checkType(change.type);
  const { variants, ...fields } = change;
  const update: Partial<NewFeature> = { ...fields };
  if (variants !== undefined) update.variants = variants === null ? null : checkVariants(variants);
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    const before = await eventView(tx, feature);
    const row = Object.keys(update).length > 0 ? await updateFeature(tx, name, update) : feature;
    const only = Object.keys(update).length === 1 ? Object.keys(update)[0] : undefined;
    let type = 'feature-metadata-updated';
    if (only === 'stale') type = change.stale ? 'feature-stale-on' : 'feature-stale-off';
    if (only === 'variants') type = 'feature-variants-updated';
    await featureEvent(tx, type, write.actor, row, before);
    return metadata(row);
  });
}

/**
 * PATCH (JSON patch over the variants list) and PUT (the whole list) of a toggle's variants: the new list is worked
 * out from the current one, checked by the one variants rule (which recomputes the variable weights) and stored.
 */
export async function updateVariants(
  deps: AppDeps,
  write: ToggleWrite,
  project: string,
  name: string,
  next: (current: Variant[]) => unknown,
) {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    const variants = checkVariants(next((feature.variants as Variant[] | null) ?? []));
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { variants });
    await featureEvent(tx, 'feature-variants-updated', write.actor, row, before);
    return { version: 1, variants };
  });
}

/** The next variants of a JSON patch over the current ones. */
export const patchVariants = (ops: PatchOperation[]) => (current: Variant[]) => applyPatch(current, ops);

export async function archiveFeature(deps: AppDeps, write: ToggleWrite, name: string, project?: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { archivedAt: new Date() });
    await featureEvent(tx, 'feature-archived', write.actor, row, before);
  });
}

export async function reviveFeature(deps: AppDeps, write: ToggleWrite, name: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { archived: true });
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { archivedAt: null });
    await featureEvent(tx, 'feature-revived', write.actor, row, before);
  });
}

/** Deletes an archived toggle for good (its name becomes free). */
export async function deleteArchivedFeature(deps: AppDeps, write: ToggleWrite, name: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { archived: true });
    const before = await eventView(tx, feature);
    await deleteFeature(tx, name);
    await featureEvent(tx, 'feature-deleted', write.actor, null, before);
    write.version = undefined;
  });
}

export async function listArchived(db: Db) {
  return (await listFeatures(db, { archived: true })).map(metadata);
}

/** A copy of a toggle (strategies of every environment, all environments off); groupId can follow the new name. */
export async function cloneFeature(
  deps: AppDeps,
  actor: string,
  project: string,
  name: string,
  input: { name: string; replaceGroupId?: boolean },
) {
  checkName(input.name);
  return deps.db.transaction(async (tx) => {
    const source = await requireFeature(tx, name, { project, live: true });
    const row = await insertFeature(tx, {
      name: input.name,
      description: source.description,
      type: source.type,
      project,
      variants: source.variants,
    });
    if (!row) throw toggleExists();
    const envs = await featureEnvironmentsOf(tx, [name]);
    await addFeatureEnvironments(tx, row.name, envs.map((e) => ({ environment: e.name, enabled: false })));
    const strategies = await strategiesOf(tx, [name]);
    for (const env of envs) {
      const copies = strategies
        .filter((s) => s.environment === env.name)
        .map((s) => {
          const parameters = { ...(s.parameters as Record<string, string>) };
          if (input.replaceGroupId !== false && 'groupId' in parameters) parameters.groupId = row.name;
          return { name: s.strategyName, parameters, constraints: s.constraints as Constraint[] };
        });
      await insertStrategies(tx, row.name, env.name, copies);
    }
    await featureEvent(tx, 'feature-created', actor, row);
    return metadata(row);
  });
}

/** Moves a toggle; every environment with strategies for it must be enabled in the target project. */
export async function changeProject(deps: AppDeps, write: ToggleWrite, project: string, name: string, target: string) {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    await checkProject(tx, target);
    if (target === project) throw invalidOperation(`The feature toggle ${name} is already in project ${target}`);
    const targetEnvs = await projectEnvironmentNames(tx, target);
    const missing = (await environmentsWithStrategies(tx, name)).filter((e) => !targetEnvs.includes(e));
    if (missing.length > 0) {
      const list = missing.join(', ');
      throw invalidOperation(
        `Cannot move ${name} to project ${target}: the ${missing.length === 1 ? 'environment' : 'environments'} ${list} ` +
          `${missing.length === 1 ? 'has' : 'have'} strategies for this toggle but ${missing.length === 1 ? 'is' : 'are'} not enabled in project ${target}`,
      );
    }
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { project: target });
    await addFeatureEnvironments(tx, name, targetEnvs.map((environment) => ({ environment, enabled: false })));
    await featureEvent(tx, 'feature-project-change', write.actor, row, before);
    return metadata(row);
  });
}

/** Tags a toggle, creating the tag if it does not exist yet. */
export async function addFeatureTag(deps: AppDeps, write: ToggleWrite, name: string, tag: Tag): Promise<Tag> {
  await checkTag(deps.db, tag);
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    if (await insertTag(tx, tag)) await appendEvent(tx, { type: 'tag-created', createdBy: write.actor, data: tag });
    if (!(await insertFeatureTag(tx, name, tag))) {
      throw new ApiError(409, 'FeatureHasTagError', `${name} already had the tag: [${tag.type}:${tag.value}]`, undefined, {
        isJoi: true,
      });
    }
    await appendEvent(tx, {
      type: 'feature-tagged',
      createdBy: write.actor,
      featureName: name,
      project: feature.project,
      data: { featureName: name, tag },
    });
    return tag;
  });
}

export async function removeFeatureTag(deps: AppDeps, write: ToggleWrite, name: string, tag: Tag): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    if (!(await deleteFeatureTag(tx, name, tag))) {
      throw notFound(`The feature toggle ${name} does not have the tag ${tag.type}:${tag.value}`);
    }
    await appendEvent(tx, {
      type: 'feature-untagged',
      createdBy: write.actor,
      featureName: name,
      project: feature.project,
      data: null,
      preData: { featureName: name, tag },
    });
  });
}
