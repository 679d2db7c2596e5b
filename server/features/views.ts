import type { Constraint } from '../../contract/constraints.ts';
import type {
  ClassicFeature,
  FeatureMetadata,
  FeatureOverview,
  OrderedStrategy,
  StrategyInstance,
} from '../../contract/features.ts';
import type { Variant } from '../../contract/variants.ts';
import type { FeatureEnvironment, FeatureRow, StrategyRow } from './store.ts';

// How the toggle API shapes its answers from rows (contract/features.ts has the wire shapes).

/** A toggle's state in one environment: enabled, and its strategies in evaluation order. */
export interface EnvironmentState {
  enabled: boolean;
  strategies: StrategyRow[];
}

export const strategyInstance = (s: StrategyRow): StrategyInstance => ({
  id: s.id,
  name: s.strategyName,
  constraints: s.constraints as Constraint[],
  parameters: s.parameters as Record<string, string>,
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

/** One toggle of the project API: every environment with its strategies. */
export const projectFeatureView = (f: FeatureRow, environments: FeatureEnvironment[], strategies: StrategyRow[]) => ({
  ...featureMetadata(f),
  archived: f.archivedAt !== null,
  environments: environments.map((e) => ({
    ...environmentStateView(e),
    strategies: strategies.filter((s) => s.environment === e.name).map(orderedStrategy),
  })),
});

/** Rows of many toggles (environments, strategies) by toggle: one pass, for lists of thousands. */
export function groupByFeature<T extends { feature: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.feature);
    if (group) group.push(row);
    else groups.set(row.feature, [row]);
  }
  return groups;
}

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
