import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Constraint } from '../../../contract/constraints.ts';
import type { StrategyVariant, Variant } from '../../../contract/variants.ts';
import type { Db } from '../../platform/db/client.ts';
import { validationError } from '../../platform/http/errors.ts';
import {
  featureDependencies,
  featureEnvironments,
  features,
  featureStrategies,
  featureStrategySegments,
  featureTags,
} from '../schema.ts';
import { type FeatureRow, inNames } from '../store.ts';
import { lockToggles, recordToggleChanges, type ToggleWrite } from '../toggle-write.ts';
import { groupBy } from '../views.ts';

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

// ---- the import's writes: one command, in the import's transaction --------------------------------------------------

/** Rows handed to one statement as one JSON parameter, read as a table `given` with these columns. */
const jsonRows = (rows: readonly object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as given(${sql.raw(columns)})`;

export interface ImportedStrategy {
  name: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  /** Ids of stored segments. */
  segments: number[];
}

/** A toggle as an import writes it. */
export interface ImportedToggle {
  name: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  /** Undefined: left as they are (none for a new toggle). */
  variants?: Variant[];
  /** On or off in the import's environment; undefined: left as it is (off for a new toggle). */
  enabled?: boolean;
  /** Its strategies in the import's environment, in evaluation order. */
  strategies: ImportedStrategy[];
}

export interface ToggleImport {
  project: string;
  environment: string;
  /** The environments of the project: a new toggle gets a (disabled) state in each. */
  environments: readonly string[];
  toggles: readonly ImportedToggle[];
  tags: ReadonlyArray<{ feature: string; tagType: string; tagValue: string }>;
  dependencies: ReadonlyArray<{ parent: string; child: string; enabled: boolean; variants: string[] }>;
}

/**
 * Writes an import's toggles through the toggle rule: their rows locked in name order (those that exist), new ones
 * created in every environment of the project and the others updated; their strategies and state in the import's
 * environment, their tags and parents replaced; those that existed get a new version, and each toggle a
 * features-imported event. One statement for each kind of row, however many toggles the import has.
 */
export async function importToggles(tx: Db, write: ToggleWrite, input: ToggleImport): Promise<void> {
  const { project, environment } = input;
  const names = input.toggles.map((t) => t.name);
  const existing = new Set((await lockToggles(tx, { names })).map((row) => row.name));
  const fields = (t: ImportedToggle) => ({
    name: t.name,
    type: t.type,
    description: t.description,
    stale: t.stale,
    impression_data: t.impressionData,
    variants: t.variants ?? null,
    keep_variants: t.variants === undefined,
  });
  const columns =
    'name text, type text, description text, stale boolean, impression_data boolean, variants jsonb, keep_variants boolean';
  const created = input.toggles.filter((t) => !existing.has(t.name));
  if (created.length > 0) {
    const inserted = (await tx.execute(sql`
      insert into ${features} (name, project, type, description, stale, impression_data, variants)
      select name, ${project}, type, description, stale, impression_data, coalesce(variants, '[]'::jsonb)
      from ${jsonRows(created.map(fields), columns)}
      on conflict do nothing
      returning name`)) as unknown as { rows: Array<{ name: string }> };
    const insertedNames = new Set(inserted.rows.map((row) => row.name));
    const taken = created.find((t) => !insertedNames.has(t.name))?.name;
    if (taken) throw validationError('data.features', `The toggle ${taken} was created meanwhile: try again`);
    await tx.execute(sql`
      insert into ${featureEnvironments} (feature, environment, enabled)
      select feature, environment, false
      from unnest(${sql.param(created.map((t) => t.name))}::text[]) as feature,
        unnest(${sql.param([...input.environments])}::text[]) as environment`);
  }
  const updated = input.toggles.filter((t) => existing.has(t.name));
  if (updated.length > 0) {
    await tx.execute(sql`
      update ${features} set type = given.type, description = given.description, stale = given.stale,
        impression_data = given.impression_data,
        variants = case when given.keep_variants then ${features.variants} else given.variants end
      from ${jsonRows(updated.map(fields), columns)}
      where ${features.name} = given.name`);
  }

  await tx
    .delete(featureStrategies)
    .where(and(inNames(featureStrategies.feature, names), eq(featureStrategies.environment, environment)));
  const strategies = input.toggles.flatMap((t) =>
    t.strategies.map((s, sortOrder) => ({ id: randomUUID(), feature: t.name, sort_order: sortOrder, ...s })),
  );
  if (strategies.length > 0) {
    await tx.execute(sql`
      insert into ${featureStrategies}
        (id, feature, environment, strategy_name, parameters, constraints, variants, sort_order)
      select id, feature, ${environment}, name, parameters, constraints, variants, sort_order
      from ${jsonRows(strategies, 'id uuid, feature text, name text, parameters jsonb, constraints jsonb, variants jsonb, sort_order integer')}`);
  }
  const links = strategies.flatMap((s) => s.segments.map((segment) => ({ strategy: s.id, segment })));
  if (links.length > 0) {
    await tx.execute(sql`
      insert into ${featureStrategySegments} (strategy_id, segment_id)
      select strategy, segment from ${jsonRows(links, 'strategy uuid, segment integer')}`);
  }
  const states = input.toggles.flatMap((t) =>
    t.enabled === undefined ? [] : [{ feature: t.name, enabled: t.enabled }],
  );
  if (states.length > 0) {
    await tx.execute(sql`
      insert into ${featureEnvironments} (feature, environment, enabled)
      select feature, ${environment}, enabled from ${jsonRows(states, 'feature text, enabled boolean')}
      on conflict (feature, environment) do update set enabled = excluded.enabled`);
  }

  await tx.delete(featureTags).where(inNames(featureTags.feature, names));
  if (input.tags.length > 0) {
    await tx.execute(sql`
      insert into ${featureTags} (feature, tag_type, tag_value)
      select feature, tag_type, tag_value
      from ${jsonRows(
        input.tags.map((t) => ({ feature: t.feature, tag_type: t.tagType, tag_value: t.tagValue })),
        'feature text, tag_type text, tag_value text',
      )}
      on conflict do nothing`);
  }
  await tx.delete(featureDependencies).where(inNames(featureDependencies.child, names));
  if (input.dependencies.length > 0) {
    await tx.execute(sql`
      insert into ${featureDependencies} (parent, child, enabled, variants)
      select parent, child, enabled, variants
      from ${jsonRows(input.dependencies, 'parent text, child text, enabled boolean, variants jsonb')}`);
  }

  const tagsOf = groupBy(input.tags, (t) => t.feature);
  const parentsOf = groupBy(input.dependencies, (d) => d.child);
  await recordToggleChanges(
    tx,
    write,
    input.toggles.map(({ enabled, strategies: imported, ...toggle }) => ({
      feature: { name: toggle.name, project },
      type: 'features-imported',
      environment,
      created: !existing.has(toggle.name),
      data: {
        ...toggle,
        project,
        enabled: enabled ?? false,
        strategies: imported,
        tags: tagsOf.get(toggle.name) ?? [],
        dependencies: parentsOf.get(toggle.name) ?? [],
      },
    })),
  );
}
