import { servedConstraint, type Constraint } from '../../contract/constraints.ts';
import type {
  ClassicFeature,
  Dependency,
  FeatureMetadata,
  FeatureOverview,
  OrderedStrategy,
  StrategyInstance,
} from '../../contract/features.ts';
import type { StrategyVariant, Variant } from '../../contract/variants.ts';
import type { DependencyRow, FeatureEnvironment, FeatureRow, StrategyRow } from './store.ts';

// How the toggle API shapes its answers from rows (contract/features.ts has the wire shapes).

/** A toggle's state in one environment: enabled, and its strategies in evaluation order. */
export interface EnvironmentState {
  enabled: boolean;
  strategies: StrategyRow[];
}

/** Stored constraints as answers serve them (servedConstraint); nothing else is changed on the way out. */
export const servedConstraints = (constraints: unknown) => (constraints as Constraint[]).map(servedConstraint);

export const strategyInstance = (s: StrategyRow): StrategyInstance => ({
  id: s.id,
  name: s.strategyName,
  constraints: servedConstraints(s.constraints),
  parameters: s.parameters as Record<string, string>,
  segments: s.segments,
  variants: s.variants as StrategyVariant[],
});

export const orderedStrategy = (s: StrategyRow): OrderedStrategy => ({
  ...strategyInstance(s),
  sortOrder: s.sortOrder,
});

/** What PUT and PATCH of a strategy instance answer (Unleash's shape, with sortOrder). */
export const updatedStrategy = (s: StrategyRow) => ({ ...orderedStrategy(s), featureName: s.feature });

/** The toggle's own fields, with its version. */
export const featureMetadata = (f: FeatureRow): FeatureMetadata => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  stale: f.stale,
  variants: f.variants as Variant[] | null,
  impressionData: f.impressionData,
  createdAt: f.createdAt,
  lastSeenAt: f.lastSeenAt,
  version: f.version,
});

/** A toggle of the classic list: the default environment's state. */
export const classicListItem = (f: FeatureRow, state: EnvironmentState) => ({
  ...featureMetadata(f),
  enabled: state.enabled,
  strategies: state.strategies.map(strategyInstance),
});

/** One classic toggle: archived, and the strategies' order. */
export const classicFeatureView = (f: FeatureRow, state: EnvironmentState): ClassicFeature => ({
  ...featureMetadata(f),
  archived: f.archivedAt !== null,
  enabled: state.enabled,
  strategies: state.strategies.map(orderedStrategy),
});

const environmentStateView = (e: FeatureEnvironment) => ({
  name: e.name,
  enabled: e.enabled,
  type: e.type,
  sortOrder: e.sortOrder,
});

/** A stored dependency as answers serve it: the parent, whether it must be on, and the variants it must have. */
export const dependencyView = (d: DependencyRow): Dependency => ({
  feature: d.parent,
  enabled: d.enabled,
  variants: d.variants as string[],
});

/** A toggle's family: its parents (at most one) and the names of its children. */
export interface Family {
  parents: DependencyRow[];
  children: DependencyRow[];
}

/**
 * One toggle of the project API: every environment with its strategies, its parent (`dependencies`) and the names
 * of its children.
 */
export const projectFeatureView = (
  f: FeatureRow,
  environments: FeatureEnvironment[],
  strategies: StrategyRow[],
  family: Family,
) => ({
  ...featureMetadata(f),
  archived: f.archivedAt !== null,
  dependencies: family.parents.map(dependencyView),
  children: family.children.map((d) => d.child),
  environments: environments.map((e) => ({
    ...environmentStateView(e),
    strategies: strategies.filter((s) => s.environment === e.name).map(orderedStrategy),
  })),
});

/** Rows by a key: one pass, for lists of thousands. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Rows of many toggles (environments, strategies) by toggle. */
export const groupByFeature = <T extends { feature: string }>(rows: T[]) => groupBy(rows, (row) => row.feature);

/** A row of a project's toggle list; `environments`: the toggle's own. */
export const featureOverview = (f: FeatureRow, environments: FeatureEnvironment[]): FeatureOverview => ({
  type: f.type,
  name: f.name,
  createdAt: f.createdAt,
  lastSeenAt: f.lastSeenAt,
  stale: f.stale,
  version: f.version,
  environments: environments.map(environmentStateView),
});
