import type { Constraint } from '../../../contract/constraints.ts';
import type { JsonPatch } from '../../../contract/features.ts';
import type { StrategyVariant, Variant } from '../../../contract/variants.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { appendEvent } from '../../platform/events/store.ts';
import type { EventType } from '../../platform/events/types.ts';
import { invalidOperation, notFound } from '../../platform/http/errors.ts';
import { projectEnvironmentNames, projectExists } from '../../projects/index.ts';
import { checkNoDependents, checkNoDependentsLeft } from '../dependencies/service.ts';
import { checkStrategy, DEFAULT_STRATEGY } from '../environment-strategies/rules.ts';
import {
  addFeatureEnvironments,
  deleteStrategies,
  environmentsWithStrategies,
  featureEnvironmentsOf,
  insertStrategies,
  setFeatureEnvironmentEnabled,
  strategiesOf,
  type StrategyData,
} from '../environment-strategies/store.ts';
import { applyPatch } from '../json-patch.ts';
import { requireFeature } from '../read-model.ts';
import { checkName, CLASSIC_ENV } from '../rules.ts';
import {
  deleteFeature,
  deleteFeatures,
  type FeatureRow,
  findFeature,
  insertFeature,
  type NewFeature,
  updateFeature,
  setStaleWhereDifferent,
  updateFeatures,
} from '../store.ts';
import {
  type BulkCall,
  lockForChange,
  lockManyForChange,
  recordToggleChanges,
  type ToggleWrite,
} from '../toggle-write.ts';
import { checkVariants } from '../variants.ts';
import { classicFeature, eventViews } from './read-model.ts';
import {
  checkMove,
  checkNameOfPath,
  checkType,
  type MetadataChange,
  metadataEventType,
  missingStrategies,
  toggleExists,
} from './rules.ts';
import { featureMetadata } from './views.ts';

// The commands of the toggle API; each is one transaction with its audit event.

/** The classic view of a toggle as events record it (without the version, which every change bumps). */
async function eventView(tx: Db, feature: FeatureRow) {
  return (await eventViews(tx, [feature]))(feature);
}

type EventView = Awaited<ReturnType<typeof eventView>>;

/** Appends a toggle event whose data and preData are the classic view of the toggle. */
async function featureEvent(
  tx: Db,
  type: EventType,
  actor: string,
  after: FeatureRow | null,
  before?: EventView,
  environment?: string,
) {
  const data = after ? await eventView(tx, after) : null;
  await appendEvent(tx, {
    type,
    createdBy: actor,
    featureName: after?.name ?? before?.name,
    project: after?.project ?? before?.project,
    environment,
    data,
    preData: before,
  });
}

export interface FeatureInput {
  name: string;
  description?: string | null;
  type?: string;
  stale?: boolean;
  /** Checked by checkVariants. */
  variants?: unknown[] | null;
  impressionData?: boolean;
}

export interface ClassicInput extends FeatureInput {
  project?: string;
  enabled?: boolean;
  /** Checked by checkStrategy; a given id is kept when it is one of the toggle's strategies. */
  strategies?: Array<{ id?: string; name: string }> | null;
}

async function checkProject(db: Db, project: string) {
  if (!(await projectExists(db, project))) throw notFound(`Project with id ${project} does not exist`);
}

/** The classic toggle's strategies, each checked by the one rule for strategy instances. */
async function checkStrategies(
  db: Db,
  strategies: NonNullable<ClassicInput['strategies']>,
  feature: { name: string; project: string },
) {
  const checked: StrategyData[] = [];
  for (const [i, s] of strategies.entries()) checked.push(await checkStrategy(db, s, feature, ['strategies', i]));
  return checked;
}

export async function validateFeatureName(deps: AppDeps, name: string): Promise<void> {
  checkName(name);
  if (await findFeature(deps.db, name)) throw toggleExists();
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
  await checkProject(deps.db, project);
  const given = await checkStrategies(deps.db, input.strategies ?? [], { name: input.name, project });
  return deps.db.transaction(async (tx) => {
    const row = await insertFeature(tx, {
      name: input.name,
      description: input.description ?? null,
      type: input.type ?? 'release',
      project,
      stale: input.stale ?? false,
      variants,
      impressionData: input.impressionData ?? false,
    });
    if (!row) throw toggleExists();
    const envs = await projectEnvironmentNames(tx, project);
    if (classic && !envs.includes(CLASSIC_ENV)) envs.unshift(CLASSIC_ENV);
    const enabledIn = (environment: string) => classic && environment === CLASSIC_ENV && input.enabled === true;
    await addFeatureEnvironments(
      tx,
      row.name,
      envs.map((environment) => ({ environment, enabled: enabledIn(environment) })),
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
export async function updateClassic(deps: AppDeps, write: ToggleWrite, name: string, input: ClassicInput) {
  checkNameOfPath(input.name, name);
  checkType(input.type);
  if (input.strategies && input.strategies.length === 0) throw missingStrategies();
  const variants = input.variants ? checkVariants(input.variants) : input.variants;
  const environments = input.enabled !== undefined || input.strategies ? [CLASSIC_ENV] : [];
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true, environments });
    if (input.project !== undefined && input.project !== feature.project) {
      throw invalidOperation(
        'Use changeProject (POST api/admin/projects/{project}/features/{name}/changeProject) to move a toggle',
      );
    }
    const strategies = input.strategies ? await checkStrategies(tx, input.strategies, feature) : undefined;
    const before = await eventView(tx, feature);
    const change: Partial<NewFeature> = {};
    if (input.description !== undefined) change.description = input.description;
    if (input.type !== undefined) change.type = input.type;
    if (input.stale !== undefined) change.stale = input.stale;
    if (input.impressionData !== undefined) change.impressionData = input.impressionData;
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
      await insertStrategies(
        tx,
        name,
        CLASSIC_ENV,
        strategies.map((s, i) => ({ ...s, id: idOf(i) })),
      );
    }
    await featureEvent(tx, 'feature-updated', write.actor, row, before);
    return classicFeature(tx, row);
  });
}

/** toggle/on, toggle/off and toggle (flip) of the default environment. */
export async function setClassicEnabled(deps: AppDeps, write: ToggleWrite, name: string, mode: boolean | 'flip') {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true, environments: [CLASSIC_ENV] });
    const before = await eventView(tx, feature);
    const enabled = mode === 'flip' ? !before.enabled : mode;
    if (!(await setFeatureEnvironmentEnabled(tx, name, CLASSIC_ENV, enabled))) {
      throw notFound(`Could not find environment ${CLASSIC_ENV} for feature: ${name}`);
    }
    await featureEvent(tx, 'feature-updated', write.actor, feature, before, CLASSIC_ENV);
    return featureMetadata(feature);
  });
}

export async function setStale(deps: AppDeps, write: ToggleWrite, name: string, stale: boolean) {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { stale });
    await featureEvent(tx, stale ? 'feature-stale-on' : 'feature-stale-off', write.actor, row, before);
    return classicFeature(tx, row);
  });
}

/** PUT/PATCH of a project toggle: description, type, stale and variants. */
export async function updateMetadata(
  deps: AppDeps,
  write: ToggleWrite,
  project: string,
  name: string,
  change: MetadataChange,
) {
  checkType(change.type);
  const { variants, ...fields } = change;
  const update: Partial<NewFeature> = { ...fields };
  if (variants !== undefined) update.variants = variants === null ? null : checkVariants(variants);
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    const before = await eventView(tx, feature);
    const row = Object.keys(update).length > 0 ? await updateFeature(tx, name, update) : feature;
    await featureEvent(tx, metadataEventType(Object.keys(update), change.stale), write.actor, row, before);
    return featureMetadata(row);
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
    return { version: 1 as const, variants };
  });
}

/** The next variants of a JSON patch over the current ones. */
export const patchVariants = (ops: JsonPatch) => (current: Variant[]) => applyPatch(current, ops);

export async function archiveFeature(deps: AppDeps, write: ToggleWrite, name: string, project?: string) {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    await checkNoDependents(tx, name, 'archive');
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

/**
 * A change of the rows of many toggles of a project at once (bulk stale, archive, revive, delete), all or none
 * (lockManyForChange with `options`): `change` makes it in a few statements whatever their number and returns the
 * rows it changed (null: deleted); each gets a new version and an event of `type` with its classic view before
 * and after.
 */
async function changeInBulk(
  deps: AppDeps,
  write: ToggleWrite,
  call: BulkCall,
  options: { live?: boolean; archived?: boolean },
  type: EventType,
  change: (tx: Db, rows: FeatureRow[]) => Promise<FeatureRow[] | null>,
) {
  await deps.db.transaction(async (tx) => {
    const rows = await lockManyForChange(tx, write, call, options);
    const view = await eventViews(tx, rows);
    const changed = await change(tx, rows);
    const after = new Map(changed?.map((row) => [row.name, row]));
    await recordToggleChanges(
      tx,
      write,
      rows
        .filter((row) => changed === null || after.has(row.name))
        .map((row) => ({
          feature: row,
          type,
          data: changed === null ? null : view(after.get(row.name)!),
          preData: view(row),
        })),
    );
  });
}

const namesOf = (rows: FeatureRow[]) => rows.map((row) => row.name);

/** POST api/admin/projects/{p}/stale: those of the toggles whose flag differs are changed. */
export const setStaleInBulk = (deps: AppDeps, write: ToggleWrite, call: BulkCall, stale: boolean) =>
  changeInBulk(deps, write, call, { live: true }, stale ? 'feature-stale-on' : 'feature-stale-off', (tx, rows) =>
    setStaleWhereDifferent(tx, namesOf(rows), stale),
  );

/** POST api/admin/projects/{p}/archive: a toggle that live toggles depend on goes only with them. */
export const archiveInBulk = (deps: AppDeps, write: ToggleWrite, call: BulkCall) =>
  changeInBulk(deps, write, call, { live: true }, 'feature-archived', async (tx, rows) => {
    await checkNoDependentsLeft(tx, namesOf(rows));
    return updateFeatures(tx, namesOf(rows), { archivedAt: new Date() });
  });

/** POST api/admin/projects/{p}/revive. */
export const reviveInBulk = (deps: AppDeps, write: ToggleWrite, call: BulkCall) =>
  changeInBulk(deps, write, call, { archived: true }, 'feature-revived', (tx, rows) =>
    updateFeatures(tx, namesOf(rows), { archivedAt: null }),
  );

/** POST api/admin/projects/{p}/delete: archived toggles deleted for good. */
export const deleteInBulk = (deps: AppDeps, write: ToggleWrite, call: BulkCall) =>
  changeInBulk(deps, write, call, { archived: true }, 'feature-deleted', async (tx, rows) => {
    await deleteFeatures(tx, namesOf(rows));
    return null;
  });

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
      impressionData: source.impressionData,
    });
    if (!row) throw toggleExists();
    const envs = await featureEnvironmentsOf(tx, [name]);
    await addFeatureEnvironments(
      tx,
      row.name,
      envs.map((e) => ({ environment: e.name, enabled: false })),
    );
    const strategies = await strategiesOf(tx, [name]);
    for (const env of envs) {
      const copies = strategies
        .filter((s) => s.environment === env.name)
        .map((s) => {
          const parameters = { ...(s.parameters as Record<string, string>) };
          if (input.replaceGroupId !== false && 'groupId' in parameters) parameters.groupId = row.name;
          return {
            name: s.strategyName,
            parameters,
            constraints: s.constraints as Constraint[],
            segments: s.segments,
            variants: s.variants as StrategyVariant[],
          };
        });
      await insertStrategies(tx, row.name, env.name, copies);
    }
    await featureEvent(tx, 'feature-created', actor, row);
    return featureMetadata(row);
  });
}

/** Moves a toggle; every environment with strategies for it must be enabled in the target project. */
export async function changeProject(deps: AppDeps, write: ToggleWrite, project: string, name: string, target: string) {
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { project, live: true });
    await checkProject(tx, target);
    const targetEnvs = await projectEnvironmentNames(tx, target);
    const missing = (await environmentsWithStrategies(tx, name)).filter((e) => !targetEnvs.includes(e));
    checkMove(name, target, project, missing);
    await checkNoDependents(tx, name, 'move');
    const before = await eventView(tx, feature);
    const row = await updateFeature(tx, name, { project: target });
    await addFeatureEnvironments(
      tx,
      name,
      targetEnvs.map((environment) => ({ environment, enabled: false })),
    );
    await featureEvent(tx, 'feature-project-change', write.actor, row, before);
    return featureMetadata(row);
  });
}
