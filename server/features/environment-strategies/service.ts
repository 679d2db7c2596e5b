import type { Constraint } from '../../../contract/constraints.ts';
import type { JsonPatch } from '../../../contract/features.ts';
import type { StrategyVariant } from '../../../contract/variants.ts';
import type { AppDeps } from '../../deps.ts';
import { findEnvironment } from '../../environments/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { appendEvent, appendEvents } from '../../platform/events/store.ts';
import { exceedsLimit, invalidOperation, notFound, validationError } from '../../platform/http/errors.ts';
import { projectEnvironmentNames } from '../../projects/index.ts';
import { applyPatch } from '../json-patch.ts';
import { requireFeature } from '../read-model.ts';
import type { FeatureRow } from '../store.ts';
import {
  type BulkCall,
  lockForChange,
  lockManyForChange,
  recordToggleChanges,
  type ToggleChange,
  type ToggleWrite,
} from '../toggle-write.ts';
import { groupByFeature } from '../views.ts';
import { checkStrategy, DEFAULT_STRATEGY, STRATEGY_LIMIT } from './rules.ts';
import {
  addEnvironmentStates,
  addFeatureEnvironments,
  addStrategyWhereNone,
  deleteStrategyInstance,
  featureEnvironmentEnabled,
  findStrategyInstance,
  insertStrategies,
  setFeatureEnvironmentEnabled,
  setStrategySortOrder,
  strategiesOf,
  type StrategyRow,
  switchEnabled,
  updateStrategyInstance,
} from './store.ts';
import { orderedStrategy, updatedStrategy } from './views.ts';

/** Where a per-environment call points: project, toggle and environment of the path. */
export interface FeatureEnvironmentPath {
  project: string;
  feature: string;
  environment: string;
}

const NO_STRATEGIES = 'You can not enable the environment before it has strategies';

/** The environment must exist and be enabled in the project (404 otherwise), that of `feature` if one is named. */
async function checkEnvironment(db: Db, project: string, environment: string, feature?: string) {
  if (!(await findEnvironment(db, environment))) throw notFound(`Could not find environment with name: ${environment}`);
  if (!(await projectEnvironmentNames(db, project)).includes(environment)) {
    if (feature === undefined) throw notFound(`Could not find environment ${environment} in project ${project}`);
    const reason = `the environment is not enabled in project ${project}`;
    throw notFound(`Could not find environment ${environment} for feature: ${feature} (${reason})`);
  }
}

/** Reads the toggle of the path (in its project) and checks the environment. */
async function readPath(db: Db, path: FeatureEnvironmentPath): Promise<FeatureRow> {
  const feature = await requireFeature(db, path.feature, { project: path.project });
  await checkEnvironment(db, feature.project, path.environment, feature.name);
  return feature;
}

/**
 * Starts a change of the toggle in one environment (inside the transaction): locks, checks If-Match, passes the
 * environment's change-request gate and bumps the version (lockForChange), checks the environment and makes sure the
 * toggle is in it.
 */
async function changePath(tx: Db, write: ToggleWrite, path: FeatureEnvironmentPath): Promise<FeatureRow> {
  const environments = [path.environment];
  const feature = await lockForChange(tx, path.feature, write, { project: path.project, live: true, environments });
  await checkEnvironment(tx, feature.project, path.environment, feature.name);
  await addFeatureEnvironments(tx, feature.name, [{ environment: path.environment, enabled: false }]);
  return feature;
}

const strategyNotFound = (id: string) => notFound(`Could not find strategy with id=${id}`);

/** What a strategy event records about its toggle. */
const eventOf = (actor: string, feature: FeatureRow, environment: string) => ({
  createdBy: actor,
  featureName: feature.name,
  project: feature.project,
  environment,
});

/** GET .../environments/{env}: the toggle's state and strategies in one environment. */
export async function featureInEnvironment(db: Db, path: FeatureEnvironmentPath) {
  const feature = await readPath(db, path);
  const [enabled, strategies] = await Promise.all([
    featureEnvironmentEnabled(db, feature.name, path.environment),
    strategiesOf(db, [feature.name], path.environment),
  ]);
  return {
    name: feature.name,
    environment: path.environment,
    enabled: enabled ?? false,
    strategies: strategies.map(orderedStrategy),
  };
}

/** GET .../environments/{env}/strategies: in evaluation order. */
export async function listStrategyInstances(db: Db, path: FeatureEnvironmentPath) {
  const feature = await readPath(db, path);
  return (await strategiesOf(db, [feature.name], path.environment)).map(orderedStrategy);
}

export async function getStrategyInstance(db: Db, path: FeatureEnvironmentPath, id: string) {
  const feature = await readPath(db, path);
  const row = await findStrategyInstance(db, feature.name, path.environment, id);
  if (!row) throw strategyNotFound(id);
  return orderedStrategy(row);
}

/** POST .../environments/{env}/on and /off. Enabling needs at least one strategy in the environment. */
export async function setEnabledInEnvironment(
  deps: AppDeps,
  write: ToggleWrite,
  path: FeatureEnvironmentPath,
  enabled: boolean,
) {
  await deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    if (enabled && (await strategiesOf(tx, [feature.name], path.environment)).length === 0) {
      throw invalidOperation(NO_STRATEGIES);
    }
    const before = (await featureEnvironmentEnabled(tx, feature.name, path.environment)) ?? false;
    await setFeatureEnvironmentEnabled(tx, feature.name, path.environment, enabled);
    await appendEvent(tx, {
      type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled',
      ...eventOf(write.actor, feature, path.environment),
      data: { name: feature.name, environment: path.environment, enabled },
      preData: { name: feature.name, environment: path.environment, enabled: before },
    });
  });
}

/**
 * POST api/admin/projects/{p}/bulk_features/environments/{env}/on and /off: the environment turned on or off for
 * every toggle named, all or none (lockManyForChange), in a few statements whatever their number. Turning on gives a
 * toggle without a strategy there the default one, as Unleash does. Each toggle changed gets a new version and its
 * events (the strategy added, then the switch); one already in that state is left as it is.
 */
export async function setEnabledInBulk(
  deps: AppDeps,
  write: ToggleWrite,
  call: BulkCall & { environment: string },
  enabled: boolean,
) {
  const { environment } = call;
  await deps.db.transaction(async (tx) => {
    await checkEnvironment(tx, call.project, environment);
    const rows = await lockManyForChange(tx, write, call, { live: true, environment });
    const names = rows.map((row) => row.name);
    await addEnvironmentStates(tx, names, environment);
    const added = groupByFeature(enabled ? await addStrategyWhereNone(tx, names, environment, DEFAULT_STRATEGY) : []);
    const switched = new Set(await switchEnabled(tx, names, environment, enabled));
    await recordToggleChanges(
      tx,
      write,
      rows.flatMap((feature): ToggleChange[] => [
        ...(added.get(feature.name) ?? []).map((strategy) => ({
          feature,
          type: 'feature-strategy-add' as const,
          environment,
          data: orderedStrategy(strategy),
        })),
        ...(switched.has(feature.name)
          ? [
              {
                feature,
                type: enabled ? ('feature-environment-enabled' as const) : ('feature-environment-disabled' as const),
                environment,
                data: { name: feature.name, environment, enabled },
                preData: { name: feature.name, environment, enabled: !enabled },
              },
            ]
          : []),
      ]),
    );
  });
}

/**
 * POST .../environments/{env}/strategies/copy: appends a copy of every strategy of `from` (parameters, constraints,
 * segments, strategy variants; new ids) to the environment's list, in one transaction through the toggle rule (the
 * change-request gate of {env}), each with its feature-strategy-add event. Answers the environment's strategies.
 */
export async function copyStrategies(deps: AppDeps, write: ToggleWrite, path: FeatureEnvironmentPath, from: string) {
  if (from === path.environment) {
    throw validationError(
      'from',
      `"from" must be another environment than ${path.environment}, the one copied to`,
      from,
    );
  }
  return deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    await checkEnvironment(tx, feature.project, from, feature.name);
    const copied = await strategiesOf(tx, [feature.name], from);
    const current = await strategiesOf(tx, [feature.name], path.environment);
    if (current.length + copied.length > STRATEGY_LIMIT) {
      throw exceedsLimit(`Strategy limit of ${STRATEGY_LIMIT} reached for this toggle environment`);
    }
    const rows = await insertStrategies(
      tx,
      feature.name,
      path.environment,
      copied.map((s) => ({
        name: s.strategyName,
        parameters: s.parameters as Record<string, string>,
        constraints: s.constraints as Constraint[],
        segments: s.segments,
        variants: s.variants as StrategyVariant[],
      })),
    );
    await appendEvents(
      tx,
      rows.map((row) => ({
        type: 'feature-strategy-add' as const,
        ...eventOf(write.actor, feature, path.environment),
        data: orderedStrategy(row),
      })),
    );
    return [...current, ...rows].map(orderedStrategy);
  });
}

/**
 * POST .../strategies: checked, then appended at the end of the environment's list. `id`: the id a deleted strategy
 * had, to have it back (a change request's window ends); a new one otherwise.
 */
export async function addStrategyInstance(
  deps: AppDeps,
  write: ToggleWrite,
  path: FeatureEnvironmentPath,
  input: unknown,
  id?: string,
) {
  return deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    const strategy = await checkStrategy(tx, input, feature);
    if ((await strategiesOf(tx, [feature.name], path.environment)).length >= STRATEGY_LIMIT) {
      throw exceedsLimit(`Strategy limit of ${STRATEGY_LIMIT} reached for this toggle environment`);
    }
    const [row] = await insertStrategies(tx, feature.name, path.environment, [{ ...strategy, id }]);
    const created = orderedStrategy(row);
    await appendEvent(tx, {
      type: 'feature-strategy-add',
      ...eventOf(write.actor, feature, path.environment),
      data: created,
    });
    return created;
  });
}

/** The instance as a document for PUT and PATCH: only these fields can change. */
export interface StrategyDocument {
  name: string;
  parameters: Record<string, string>;
  constraints: unknown[];
  segments: number[];
  variants: unknown[];
}

const DOCUMENT_FIELDS = ['name', 'parameters', 'constraints', 'segments', 'variants'];

/** PUT and PATCH of one instance: `next` works out the new instance from the current one, checked as a new one. */
export async function updateStrategy(
  deps: AppDeps,
  write: ToggleWrite,
  path: FeatureEnvironmentPath,
  id: string,
  next: (current: StrategyDocument) => unknown,
) {
  return deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    const current = await findStrategyInstance(tx, feature.name, path.environment, id);
    if (!current) throw strategyNotFound(id);
    const before = orderedStrategy(current);
    const { name, parameters, constraints, segments = [], variants = [] } = before;
    const strategy = await checkStrategy(tx, next({ name, parameters, constraints, segments, variants }), feature);
    const row = await updateStrategyInstance(tx, id, strategy);
    await appendEvent(tx, {
      type: 'feature-strategy-update',
      ...eventOf(write.actor, feature, path.environment),
      data: orderedStrategy(row),
      preData: before,
    });
    return updatedStrategy(row);
  });
}

/**
 * PUT: name (optional, else kept), parameters and constraints replace the current ones; segments and variants too
 * when sent (kept otherwise, as Unleash 5 does, so a client that knows neither does not drop them).
 */
export const replaceStrategy =
  (body: { name?: string; parameters?: unknown; constraints?: unknown; segments?: unknown; variants?: unknown }) =>
  (current: StrategyDocument) => ({
    name: body.name ?? current.name,
    parameters: body.parameters ?? {},
    constraints: body.constraints ?? [],
    segments: body.segments ?? current.segments,
    variants: body.variants ?? current.variants,
  });

/**
 * PATCH: a JSON patch over {name, parameters, constraints, segments, variants}, checked by the same rule as a new
 * instance; other fields (id, sortOrder) cannot be patched in.
 */
export const patchStrategy = (ops: JsonPatch) => (current: StrategyDocument) => {
  const patched = applyPatch(current, ops);
  if (typeof patched === 'object' && patched !== null && !Array.isArray(patched)) {
    for (const key of Object.keys(patched)) {
      if (!DOCUMENT_FIELDS.includes(key)) {
        throw validationError(key, `"${key}" is not allowed: only ${DOCUMENT_FIELDS.join(', ')} can be patched`);
      }
    }
  }
  return patched;
};

export async function removeStrategyInstance(
  deps: AppDeps,
  write: ToggleWrite,
  path: FeatureEnvironmentPath,
  id: string,
) {
  await deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    const current = await findStrategyInstance(tx, feature.name, path.environment, id);
    if (!current) throw strategyNotFound(id);
    await deleteStrategyInstance(tx, id);
    await appendEvent(tx, {
      type: 'feature-strategy-remove',
      ...eventOf(write.actor, feature, path.environment),
      data: null,
      preData: orderedStrategy(current),
    });
  });
}

/** POST .../strategies/set-sort-order: every id must be one of the toggle's strategies in that environment. */
export async function reorderStrategies(
  deps: AppDeps,
  write: ToggleWrite,
  path: FeatureEnvironmentPath,
  order: Array<{ id: string; sortOrder: number }>,
) {
  await deps.db.transaction(async (tx) => {
    const feature = await changePath(tx, write, path);
    const current = await strategiesOf(tx, [feature.name], path.environment);
    const ids = new Set(current.map((s) => s.id));
    const seen = new Set<string>();
    order.forEach(({ id }, i) => {
      if (!ids.has(id)) {
        throw validationError(
          [i, 'id'],
          `Strategy ${id} is not a strategy of ${feature.name} in environment ${path.environment}`,
          id,
        );
      }
      if (seen.has(id)) throw validationError([i, 'id'], `"[${i}].id" contains a duplicate value`, id, 'array.unique');
      seen.add(id);
    });
    for (const { id, sortOrder } of order) await setStrategySortOrder(tx, id, sortOrder);
    const orderOf = (rows: StrategyRow[]) => rows.map((s) => ({ id: s.id, sortOrder: s.sortOrder }));
    await appendEvent(tx, {
      type: 'strategy-order-changed',
      ...eventOf(write.actor, feature, path.environment),
      data: orderOf(await strategiesOf(tx, [feature.name], path.environment)),
      preData: orderOf(current),
    });
  });
}
