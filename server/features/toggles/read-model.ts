import type { Constraint } from '../../../contract/constraints.ts';
import type { Dependency } from '../../../contract/features.ts';
import type { StrategyVariant } from '../../../contract/variants.ts';
import { groupBy, groupByFeature } from '../views.ts';
import type { Db } from '../../platform/db/client.ts';
import { familiesOf } from '../dependencies/read-model.ts';
import { dependenciesInRange } from '../dependencies/store.ts';
import { dependencyView } from '../dependencies/views.ts';
import {
  enabledInRange,
  featureEnvironmentsOf,
  servedSegmentsInRange,
  servedStrategiesInRange,
  strategiesOf,
  type StrategyRow,
} from '../environment-strategies/store.ts';
import { servedConstraints } from '../environment-strategies/views.ts';
import { isPinned, listFeaturesPinnedBy } from '../pins/store.ts';
import { CLASSIC_ENV } from '../rules.ts';
import { type FeatureFilter, type FeatureRow, listFeatures } from '../store.ts';
import {
  classicFeatureView,
  classicListItem,
  type EnvironmentState,
  featureMetadata,
  featureOverview,
  projectFeatureView,
} from './views.ts';

/** enabled and strategies of each toggle in one environment. */
export async function environmentState(db: Db, rows: FeatureRow[], environment: string) {
  const names = rows.map((f) => f.name);
  const [envs, strategies] = await Promise.all([
    featureEnvironmentsOf(db, names),
    strategiesOf(db, names, environment),
  ]);
  const enabled = new Set(envs.filter((e) => e.name === environment && e.enabled).map((e) => e.feature));
  const byFeature = new Map<string, StrategyRow[]>();
  for (const s of strategies) byFeature.set(s.feature, [...(byFeature.get(s.feature) ?? []), s]);
  return (name: string): EnvironmentState => ({ enabled: enabled.has(name), strategies: byFeature.get(name) ?? [] });
}

/**
 * What an SDK receives of a toggle's strategy in one environment: constraints as served (servedConstraint), the
 * ids of the segments it uses (in id order) and its variants exactly as stored.
 */
export interface ServedStrategy {
  strategyName: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  segments: number[];
  variants: StrategyVariant[];
}

/**
 * What an SDK receives of a toggle in one environment: enabled and strategies there, and its parent (at most one;
 * dependencies are the toggle's, the same in every environment). The toggle's own fields (impressionData, variants)
 * are on its FeatureRow, served as stored.
 */
export interface ServedState {
  enabled: boolean;
  strategies: ServedStrategy[];
  dependencies: Dependency[];
}

/**
 * environmentState for the client API's snapshots, reading only what SDKs receive: `rows` are consecutive toggles
 * of a list sorted by name, so their states and strategies in `environment` are each one range of the
 * (feature, environment) keys between the first and the last name (an index range scan, not a lookup per name),
 * without ids, timestamps or other environments. Rows of that range that are not in `rows` (filtered out) are
 * skipped.
 */
export async function servedStates(db: Db, rows: FeatureRow[], environment: string) {
  const byFeature = new Map<string, ServedState>(
    rows.map((f) => [f.name, { enabled: false, strategies: [], dependencies: [] }]),
  );
  if (rows.length === 0) return (name: string) => byFeature.get(name)!;
  const range = { environment, first: rows[0].name, last: rows[rows.length - 1].name };
  for (const { feature, enabled } of await enabledInRange(db, range)) {
    const state = byFeature.get(feature);
    if (state) state.enabled = enabled;
  }
  const segmentRows = groupBy(await servedSegmentsInRange(db, range), (row) => row.strategyId);
  const segments = new Map([...segmentRows].map(([id, rows]) => [id, rows.map((row) => row.segmentId)]));
  for (const { feature, id, parameters, constraints, variants, strategyName } of await servedStrategiesInRange(
    db,
    range,
  )) {
    byFeature.get(feature)?.strategies.push({
      strategyName,
      parameters: parameters as Record<string, string>,
      constraints: servedConstraints(constraints),
      segments: segments.get(id) ?? [],
      variants: variants as StrategyVariant[],
    });
  }
  for (const dependency of await dependenciesInRange(db, range)) {
    byFeature.get(dependency.child)?.dependencies.push(dependencyView(dependency));
  }
  return (name: string) => byFeature.get(name)!;
}

/** GET api/admin/features/{name}: the toggle with enabled and strategies of the default environment. */
export async function classicFeature(db: Db, f: FeatureRow) {
  return classicFeatureView(f, (await environmentState(db, [f], CLASSIC_ENV))(f.name));
}

/**
 * The classic views of toggles as their events record them (without the version, which every change bumps), their
 * states read at once: a function of a row (before or after a change that leaves their states as they are).
 */
export async function eventViews(db: Db, rows: FeatureRow[]) {
  const state = await environmentState(db, rows, CLASSIC_ENV);
  return (f: FeatureRow) => {
    const { version: _version, ...view } = classicFeatureView(f, state(f.name));
    return view;
  };
}

/** The answer of POST api/admin/features: the toggle as the classic list shows it. */
export async function classicListFeature(db: Db, f: FeatureRow) {
  return classicListItem(f, (await environmentState(db, [f], CLASSIC_ENV))(f.name));
}

/** GET api/admin/features: live toggles, sorted by name, each with whether `reader` pinned it. */
export async function classicList(db: Db, filter: Omit<FeatureFilter, 'archived'>, reader: number | undefined) {
  const rows = await listFeaturesPinnedBy(db, { ...filter, archived: false }, reader);
  const state = await environmentState(db, rows, CLASSIC_ENV);
  return rows.map((f) => ({ ...classicListItem(f, state(f.name)), favorite: f.favorite }));
}

/** GET api/admin/features/{name}: the classic toggle, with whether `reader` pinned it. */
export async function classicFeatureFor(db: Db, f: FeatureRow, reader: number | undefined) {
  const [feature, favorite] = await Promise.all([classicFeature(db, f), isPinned(db, reader, f.name)]);
  return { ...feature, favorite };
}

/** GET api/admin/projects/{p}/features/{name}: the toggle with every environment and its strategies. */
export async function projectFeature(db: Db, f: FeatureRow) {
  const [envs, strategies, family] = await Promise.all([
    featureEnvironmentsOf(db, [f.name]),
    strategiesOf(db, [f.name]),
    familiesOf(db, [f.name]),
  ]);
  return projectFeatureView(f, envs, strategies, family(f.name));
}

/** GET api/admin/projects/{p}/features/{name} as a user reads it: with whether `reader` pinned it. */
export async function projectFeatureFor(db: Db, f: FeatureRow, reader: number | undefined) {
  const [feature, favorite] = await Promise.all([projectFeature(db, f), isPinned(db, reader, f.name)]);
  return { ...feature, favorite };
}

/** The rows of a project's toggle list (GET api/admin/projects/{p}/features and the project overview). */
export async function featureOverviews(db: Db, rows: FeatureRow[]) {
  const envs = groupByFeature(
    await featureEnvironmentsOf(
      db,
      rows.map((f) => f.name),
    ),
  );
  return rows.map((f) => featureOverview(f, envs.get(f.name) ?? []));
}

/** GET api/admin/projects/{p}/features: the project's live toggles, each with whether `reader` pinned it. */
export async function projectFeatureList(db: Db, project: string, reader: number | undefined) {
  const rows = await listFeaturesPinnedBy(db, { archived: false, projects: [project] }, reader);
  const overviews = await featureOverviews(db, rows);
  return overviews.map((overview, i) => ({ ...overview, favorite: rows[i].favorite }));
}

export async function listArchived(db: Db) {
  return (await listFeatures(db, { archived: true })).map(featureMetadata);
}
