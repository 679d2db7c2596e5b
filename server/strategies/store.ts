import { asc, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { featureStrategies, strategies } from '../platform/db/schema.ts';

export const PARAMETER_TYPES = ['percentage', 'list', 'number', 'boolean', 'string'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** One parameter a strategy definition declares. */
export interface StrategyParameter {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
}

/** A row of the `strategies` table, its parameters typed. */
export type StrategyDefinitionRow = Omit<typeof strategies.$inferSelect, 'parameters'> & {
  parameters: StrategyParameter[];
};

export interface StrategyData {
  name: string;
  displayName: string | null;
  description: string | null;
  parameters: StrategyParameter[];
}

export async function findStrategy(db: Db, name: string): Promise<StrategyDefinitionRow | undefined> {
  const [row] = await db.select().from(strategies).where(eq(strategies.name, name));
  return row as StrategyDefinitionRow | undefined;
}

/** Every definition, by sort order then name. */
export async function listStrategies(db: Db): Promise<StrategyDefinitionRow[]> {
  const rows = await db.select().from(strategies).orderBy(asc(strategies.sortOrder), asc(strategies.name));
  return rows as StrategyDefinitionRow[];
}

/** Undefined when the name is taken. */
export async function insertStrategy(db: Db, data: StrategyData): Promise<StrategyDefinitionRow | undefined> {
  const [row] = await db.insert(strategies).values(data).onConflictDoNothing().returning();
  return row as StrategyDefinitionRow | undefined;
}

export async function updateStrategy(
  db: Db,
  name: string,
  change: Partial<Omit<StrategyData, 'name'>> & { deprecated?: boolean },
): Promise<StrategyDefinitionRow> {
  const [row] = await db.update(strategies).set(change).where(eq(strategies.name, name)).returning();
  return row as StrategyDefinitionRow;
}

export async function deleteStrategy(db: Db, name: string): Promise<void> {
  await db.delete(strategies).where(eq(strategies.name, name));
}

/** How many toggles (archived ones included) have a strategy instance of the definition, in any environment. */
export async function countTogglesUsing(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(featureStrategies.feature) })
    .from(featureStrategies)
    .where(eq(featureStrategies.strategyName, name));
  return row.n;
}
