import type { AppDeps } from '../app.ts';
import type { Db } from '../db/client.ts';
import { projectEnvironmentNames } from '../environments/store.ts';
import { appendEvent } from '../events/store.ts';
import { FEATURE_TYPE_IDS } from '../feature-types/types.ts';
import { ApiError, assertUrlFriendly, invalidOperation, nameExists, notFound, validationError } from '../http/errors.ts';
import { projectExists } from '../projects/store.ts';
import { checkTag } from '../tags/service.ts';
import { deleteFeatureTag, insertFeatureTag, insertTag, type Tag } from '../tags/store.ts';
import {
  addFeatureEnvironments,
  deleteFeature,
  deleteStrategies,
  environmentsWithStrategies,
  featureEnvironmentsOf,
  findFeature,
  insertFeature,
  insertStrategies,
  listFeatures,
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

/** The environment the classic API (api/admin/features) reads and writes, as in Unleash 4.2. */
export const CLASSIC_ENV = 'default';
export const DEFAULT_STRATEGY: StrategyData = { name: 'default', parameters: {}, constraints: [] };

export interface StrategyInput {
  id?: string;
  name: string;
  parameters?: Record<string, string | number | boolean>;
  constraints?: Constraint[];
}

export interface FeatureInput {
  name: string;
  description?: string | null;
  type?: string;
  stale?: boolean;
  variants?: unknown[] | null;
}

export interface ClassicInput extends FeatureInput {
  project?: string;
  enabled?: boolean;
  strategies?: StrategyInput[] | null;
}

/** Parameters are text (SDKs compare strings); numbers and booleans sent by API users are converted. */
export const toStrategyData = (s: StrategyInput): StrategyData => ({
  id: s.id,
  name: s.name,
  parameters: Object.fromEntries(Object.entries(s.parameters ?? {}).map(([k, v]) => [k, String(v)])),
  constraints: (s.constraints ?? []).map((c) => ({ contextName: c.contextName, operator: c.operator, values: c.values })),
});

const strategyResponse = (s: StrategyRow) => ({
  id: s.id,
  name: s.strategyName,
  constraints: s.constraints as Constraint[],
  parameters: s.parameters as Record<string, string>,
});
const strategyWithOrder = (s: StrategyRow) => ({ ...strategyResponse(s), sortOrder: s.sortOrder });

/** The toggle's own fields (the answer of toggle on/off, PATCH, clone, the archive list). */
export const metadata = (f: FeatureRow) => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  stale: f.stale,
  variants: f.variants as unknown[] | null,
  createdAt: f.createdAt,
  lastSeenAt: f.lastSeenAt,
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

/** The toggle, or 404; with `project`, it must be in that project; with `live`, it must not be archived. */
export async function requireFeature(
  db: Db,
  name: string,
  options: { project?: string; live?: boolean; archived?: boolean } = {},
): Promise<FeatureRow> {
  const feature = await findFeature(db, name);
  if (!feature || (options.project !== undefined && feature.project !== options.project)) {
    const where = options.project === undefined ? '' : ` in project ${options.project}`;
    throw notFound(`Could not find feature toggle with name ${name}${where}`);
  }
  if (options.live && feature.archivedAt !== null) {
    throw invalidOperation(`The feature toggle ${name} is archived: revive it before changing it`);
  }
  if (options.archived && feature.archivedAt === null) {
    throw invalidOperation(`The feature toggle ${name} is not archived`);
  }
  return feature;
}

/** The project a toggle belongs to (for permission checks); undefined when there is no such toggle. */
export async function projectOf(db: Db, name: string | undefined): Promise<string | undefined> {
  return name === undefined ? undefined : (await findFeature(db, name))?.project;
}

export async function validateFeatureName(deps: AppDeps, name: string): Promise<void> {
  checkName(name);
  if (await findFeature(deps.db, name)) throw toggleExists();
}

/** Appends a toggle event whose data and preData are the classic view of the toggle. */
async function featureEvent(
  tx: Db,
  type: string,
  actor: string,
  after: FeatureRow | null,
  before?: Awaited<ReturnType<typeof classicFeature>>,
  environment?: string,
) {
  const data = after ? await classicFeature(tx, after) : null;
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
  await checkProject(deps.db, project);
  const given = (input.strategies ?? []).map(toStrategyData).map((s) => ({ ...s, id: undefined }));
  return deps.db.transaction(async (tx) => {
    const row = await insertFeature(tx, {
      name: input.name,
      description: input.description ?? null,
      type: input.type ?? 'release',
      project,
      stale: input.stale ?? false,
      variants: input.variants ?? null,
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

/** PUT api/admin/features/{name}: replaces the fields given, and the default environment's strategies if given. */
export async function updateClassic(deps: AppDeps, actor: string, name: string, input: ClassicInput) {
  if (input.name !== name) throw validationError('name', `"name" must be ${name}, the toggle in the path`, input.name);
  checkType(input.type);
  if (input.strategies && input.strategies.length === 0) throw missingStrategies();
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { live: true });
    if (input.project !== undefined && input.project !== feature.project) {
      throw invalidOperation('Use changeProject (POST api/admin/projects/{project}/features/{name}/changeProject) to move a toggle');
    }
    const before = await classicFeature(tx, feature);
    const change: Partial<NewFeature> = {};
    if (input.description !== undefined) change.description = input.description;
    if (input.type !== undefined) change.type = input.type;
    if (input.stale !== undefined) change.stale = input.stale;
    if (input.variants !== undefined) change.variants = input.variants;
    const row = Object.keys(change).length > 0 ? await updateFeature(tx, name, change) : feature;
    if (input.enabled !== undefined || input.strategies) {
      await addFeatureEnvironments(tx, name, [{ environment: CLASSIC_ENV, enabled: false }]);
    }
    if (input.enabled !== undefined) await setFeatureEnvironmentEnabled(tx, name, CLASSIC_ENV, input.enabled);
    if (input.strategies) {
      const kept = new Set(before.strategies.map((s) => s.id));
      const strategies = input.strategies.map(toStrategyData).map((s) => ({ ...s, id: s.id && kept.has(s.id) ? s.id : undefined }));
      await deleteStrategies(tx, name, CLASSIC_ENV);
      await insertStrategies(tx, name, CLASSIC_ENV, strategies);
    }
    await featureEvent(tx, 'feature-updated', actor, row, before);
    return classicFeature(tx, row);
  });
}

/** toggle/on, toggle/off and toggle (flip) of the default environment. */
export async function setClassicEnabled(deps: AppDeps, actor: string, name: string, mode: boolean | 'flip') {
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { live: true });
    const before = await classicFeature(tx, feature);
    const enabled = mode === 'flip' ? !before.enabled : mode;
    if (!(await setFeatureEnvironmentEnabled(tx, name, CLASSIC_ENV, enabled))) {
      throw notFound(`Could not find environment ${CLASSIC_ENV} for feature: ${name}`);
    }
    await featureEvent(tx, 'feature-updated', actor, feature, before, CLASSIC_ENV);
    return metadata(feature);
  });
}

export async function setStale(deps: AppDeps, actor: string, name: string, stale: boolean, project?: string) {
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { live: true, project });
    const before = await classicFeature(tx, feature);
    const row = await updateFeature(tx, name, { stale });
    await featureEvent(tx, stale ? 'feature-stale-on' : 'feature-stale-off', actor, row, before);
    return row;
  });
}

export interface MetadataChange {
  description?: string | null;
  type?: string;
  stale?: boolean;
}

export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

/** Turns a JSON patch into a change; only replace/add of /stale, /type and /description are allowed. */
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
    } else {
      throw bad(`Path "${o.path}" cannot be patched here: only /stale, /type and /description can`);
    }
  });
  return change;
}

/** PUT/PATCH of a project toggle: description, type and stale. */
export async function updateMetadata(deps: AppDeps, actor: string, project: string, name: string, change: MetadataChange) {
  checkType(change.type);
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { project, live: true });
    const before = await classicFeature(tx, feature);
    const row = Object.keys(change).length > 0 ? await updateFeature(tx, name, change) : feature;
    const onlyStale = Object.keys(change).length === 1 && change.stale !== undefined;
    const type = onlyStale ? (change.stale ? 'feature-stale-on' : 'feature-stale-off') : 'feature-metadata-updated';
    await featureEvent(tx, type, actor, row, before);
    return metadata(row);
  });
}

export async function archiveFeature(deps: AppDeps, actor: string, name: string, project?: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { project, live: true });
    const before = await classicFeature(tx, feature);
    const row = await updateFeature(tx, name, { archivedAt: new Date() });
    await featureEvent(tx, 'feature-archived', actor, row, before);
  });
}

export async function reviveFeature(deps: AppDeps, actor: string, name: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { archived: true });
    const before = await classicFeature(tx, feature);
    const row = await updateFeature(tx, name, { archivedAt: null });
    await featureEvent(tx, 'feature-revived', actor, row, before);
  });
}

/** Deletes an archived toggle for good (its name becomes free). */
export async function deleteArchivedFeature(deps: AppDeps, actor: string, name: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { archived: true });
    const before = await classicFeature(tx, feature);
    await deleteFeature(tx, name);
    await featureEvent(tx, 'feature-deleted', actor, null, before);
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
export async function changeProject(deps: AppDeps, actor: string, project: string, name: string, target: string) {
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { project, live: true });
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
    const before = await classicFeature(tx, feature);
    const row = await updateFeature(tx, name, { project: target });
    await addFeatureEnvironments(tx, name, targetEnvs.map((environment) => ({ environment, enabled: false })));
    await featureEvent(tx, 'feature-project-change', actor, row, before);
    return metadata(row);
  });
}

/** Tags a toggle, creating the tag if it does not exist yet. */
export async function addFeatureTag(deps: AppDeps, actor: string, name: string, tag: Tag): Promise<Tag> {
  await checkTag(deps.db, tag);
  return deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { live: true });
    if (await insertTag(tx, tag)) await appendEvent(tx, { type: 'tag-created', createdBy: actor, data: tag });
    if (!(await insertFeatureTag(tx, name, tag))) {
      throw new ApiError(409, 'FeatureHasTagError', `${name} already had the tag: [${tag.type}:${tag.value}]`, undefined, {
        isJoi: true,
      });
    }
    await appendEvent(tx, {
      type: 'feature-tagged',
      createdBy: actor,
      featureName: name,
      project: feature.project,
      data: { featureName: name, tag },
    });
    return tag;
  });
}

export async function removeFeatureTag(deps: AppDeps, actor: string, name: string, tag: Tag): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, name, { live: true });
    if (!(await deleteFeatureTag(tx, name, tag))) {
      throw notFound(`The feature toggle ${name} does not have the tag ${tag.type}:${tag.value}`);
    }
    await appendEvent(tx, {
      type: 'feature-untagged',
      createdBy: actor,
      featureName: name,
      project: feature.project,
      data: null,
      preData: { featureName: name, tag },
    });
  });
}
