import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Dependency } from '../../../contract/features.ts';
import type { Db } from '../../platform/db/client.ts';
import type { NameRange } from '../environment-strategies/store.ts';
import { featureDependencies, features } from '../schema.ts';

// A toggle's parent (feature_dependencies): at most one, of the same project.

/** A dependency as stored: the child, its parent and the parent's condition. */
export type DependencyRow = typeof featureDependencies.$inferSelect;

/** The parents of these children. */
export function parentsOf(db: Db, children: string[]): Promise<DependencyRow[]> {
  if (children.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(featureDependencies)
    .where(inArray(featureDependencies.child, children))
    .orderBy(asc(featureDependencies.child), asc(featureDependencies.parent));
}

/** The children of these parents (archived ones too, unless `live`). */
export async function childrenOf(
  db: Db,
  parents: string[],
  options: { live?: boolean } = {},
): Promise<DependencyRow[]> {
  if (parents.length === 0) return [];
  const where = [inArray(featureDependencies.parent, parents)];
  if (options.live) where.push(isNull(features.archivedAt));
  const rows = await db
    .select({ dependency: featureDependencies })
    .from(featureDependencies)
    .innerJoin(features, eq(features.name, featureDependencies.child))
    .where(and(...where))
    .orderBy(asc(featureDependencies.parent), asc(featureDependencies.child));
  return rows.map((row) => row.dependency);
}

/** Makes `parent` the only parent of `child` (a toggle has at most one). */
export async function setParent(db: Db, child: string, dependency: Required<Dependency>): Promise<void> {
  await db.delete(featureDependencies).where(eq(featureDependencies.child, child));
  await db.insert(featureDependencies).values({
    child,
    parent: dependency.feature,
    enabled: dependency.enabled,
    variants: dependency.variants,
  });
}

/** Removes the child's dependency on `parent` (every dependency when undefined); the rows removed. */
export function deleteDependencies(db: Db, child: string, parent?: string): Promise<DependencyRow[]> {
  const where = [eq(featureDependencies.child, child)];
  if (parent !== undefined) where.push(eq(featureDependencies.parent, parent));
  return db
    .delete(featureDependencies)
    .where(and(...where))
    .returning();
}

/** The parents of the children named in the range. */
export function dependenciesInRange(db: Db, range: Pick<NameRange, 'first' | 'last'>) {
  return db
    .select()
    .from(featureDependencies)
    .where(and(gte(featureDependencies.child, range.first), lte(featureDependencies.child, range.last)))
    .orderBy(asc(featureDependencies.child), asc(featureDependencies.parent));
}
