import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Constraint } from '../../contract/constraints.ts';
import type { StrategyVariant, Variant } from '../../contract/variants.ts';
import type { Db } from '../platform/db/client.ts';
import {
  featureDependencies,
  featureEnvironments,
  features,
  featureStrategies,
  featureStrategySegments,
  featureTags,
} from './schema.ts';
import type { FeatureRow } from './store.ts';

// The toggles' side of an export (reads of the exported toggles) and of an import (its writes, inside the import's
// transaction); the rules of both are in import-export/.

/** Toggles (live and archived) by name. */
export function featuresNamed(db: Db, names: readonly string[]): Promise<FeatureRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(features)
    .where(inArray(features.name, [...names]))
    .orderBy(asc(features.name));
}

/** The names of the live toggles of a project. */
export async function liveFeatureNamesOf(db: Db, project: string): Promise<string[]> {
  const rows = await db
    .select({ name: features.name })
    .from(features)
    .where(and(eq(features.project, project), isNull(features.archivedAt)))
    .orderBy(asc(features.name));
  return rows.map((r) => r.name);
}

/** The names of the toggles carrying the tag. */
export async function featureNamesTagged(db: Db, type: string, value: string): Promise<string[]> {
  const rows = await db
    .select({ name: featureTags.feature })
    .from(featureTags)
    .where(and(eq(featureTags.tagType, type), eq(featureTags.tagValue, value)));
  return rows.map((r) => r.name);
}

export function environmentStates(db: Db, names: readonly string[], environment: string) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(featureEnvironments)
    .where(and(inArray(featureEnvironments.feature, [...names]), eq(featureEnvironments.environment, environment)))
    .orderBy(asc(featureEnvironments.feature));
}

/** The toggles' strategies in one environment, in evaluation order, each with the ids of its segments. */
export async function strategiesIn(db: Db, names: readonly string[], environment: string) {
  if (names.length === 0) return [];
  const rows = await db
    .select()
    .from(featureStrategies)
    .where(and(inArray(featureStrategies.feature, [...names]), eq(featureStrategies.environment, environment)))
    .orderBy(
      asc(featureStrategies.feature),
      asc(featureStrategies.sortOrder),
      asc(featureStrategies.createdAt),
      asc(featureStrategies.id),
    );
  const links =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(featureStrategySegments)
          .where(
            inArray(
              featureStrategySegments.strategyId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(featureStrategySegments.segmentId));
  return rows.map((row) => ({
    ...row,
    segments: links.filter((l) => l.strategyId === row.id).map((l) => l.segmentId),
  }));
}

export function tagsOf(db: Db, names: readonly string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(featureTags)
    .where(inArray(featureTags.feature, [...names]))
    .orderBy(asc(featureTags.feature), asc(featureTags.tagType), asc(featureTags.tagValue));
}

export function dependenciesOf(db: Db, children: readonly string[]) {
  if (children.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(featureDependencies)
    .where(inArray(featureDependencies.child, [...children]))
    .orderBy(asc(featureDependencies.child), asc(featureDependencies.parent));
}

// ---- writes (inside the import's transaction) ----------------------------------------------------------------------

/** Locks the toggles' rows (those that exist) until the transaction ends, in name order (no deadlock). */
export function lockFeatures(tx: Db, names: readonly string[]): Promise<FeatureRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(features)
    .where(inArray(features.name, [...names]))
    .orderBy(asc(features.name))
    .for('update');
}

export interface ToggleFields {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  /** Undefined: left as they are. */
  variants?: Variant[];
}

/** Inserts a toggle in the environments its project has; false when the name was taken meanwhile. */
export async function insertToggle(tx: Db, toggle: ToggleFields, environments: readonly string[]): Promise<boolean> {
  const [row] = await tx
    .insert(features)
    .values({ ...toggle, variants: toggle.variants ?? [] })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  if (environments.length > 0) {
    await tx
      .insert(featureEnvironments)
      .values(environments.map((environment) => ({ feature: toggle.name, environment, enabled: false })));
  }
  return true;
}

/** Updates a toggle's fields and bumps its version. */
export async function updateToggle(tx: Db, toggle: ToggleFields): Promise<void> {
  const { name, project: _project, variants, ...fields } = toggle;
  await tx
    .update(features)
    .set({ ...fields, ...(variants === undefined ? {} : { variants }), version: sql`${features.version} + 1` })
    .where(eq(features.name, name));
}

export interface ImportedStrategy {
  name: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  segments: number[];
}

/** Replaces the toggle's strategies in the environment by these, in this order. */
export async function replaceStrategies(
  tx: Db,
  feature: string,
  environment: string,
  strategies: readonly ImportedStrategy[],
): Promise<void> {
  await tx
    .delete(featureStrategies)
    .where(and(eq(featureStrategies.feature, feature), eq(featureStrategies.environment, environment)));
  if (strategies.length === 0) return;
  const rows = await tx
    .insert(featureStrategies)
    .values(
      strategies.map((s, sortOrder) => ({
        feature,
        environment,
        strategyName: s.name,
        parameters: s.parameters,
        constraints: s.constraints,
        variants: s.variants,
        sortOrder,
      })),
    )
    .returning({ id: featureStrategies.id });
  const links = rows.flatMap((row, i) =>
    strategies[i].segments.map((segmentId) => ({ strategyId: row.id, segmentId })),
  );
  if (links.length > 0) await tx.insert(featureStrategySegments).values(links);
}

/** Sets whether the toggle is on in the environment (adding the environment to the toggle if needed). */
export async function setEnabled(tx: Db, feature: string, environment: string, enabled: boolean): Promise<void> {
  await tx
    .insert(featureEnvironments)
    .values({ feature, environment, enabled })
    .onConflictDoUpdate({ target: [featureEnvironments.feature, featureEnvironments.environment], set: { enabled } });
}

/** Replaces the toggles' tags by these. */
export async function replaceTags(
  tx: Db,
  names: readonly string[],
  given: ReadonlyArray<{ feature: string; tagType: string; tagValue: string }>,
): Promise<void> {
  if (names.length > 0) await tx.delete(featureTags).where(inArray(featureTags.feature, [...names]));
  if (given.length > 0)
    await tx
      .insert(featureTags)
      .values([...given])
      .onConflictDoNothing();
}

/** Replaces the parents of the children by these. */
export async function replaceDependencies(
  tx: Db,
  children: readonly string[],
  given: ReadonlyArray<{ parent: string; child: string; enabled: boolean; variants: string[] }>,
): Promise<void> {
  if (children.length > 0) {
    await tx.delete(featureDependencies).where(inArray(featureDependencies.child, [...children]));
  }
  if (given.length > 0) await tx.insert(featureDependencies).values([...given]);
}
