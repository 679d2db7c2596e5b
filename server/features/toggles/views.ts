import type { ClassicFeature, FeatureMetadata, FeatureOverview } from '../../../contract/features.ts';
import type { Variant } from '../../../contract/variants.ts';
import { dependencyView, type Family } from '../dependencies/views.ts';
import type { FeatureEnvironment, StrategyRow } from '../environment-strategies/store.ts';
import { orderedStrategy, strategyInstance } from '../environment-strategies/views.ts';
import type { FeatureRow } from '../store.ts';

// How the toggle API shapes its answers from rows (contract/features.ts has the wire shapes).

/** A toggle's state in one environment: enabled, and its strategies in evaluation order. */
export interface EnvironmentState {
  enabled: boolean;
  strategies: StrategyRow[];
}

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
