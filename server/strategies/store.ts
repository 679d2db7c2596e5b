import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { strategies } from './schema.ts';
import type { StrategyDefinitionRow, StrategyParameter } from './read-model.ts';

export interface StrategyData {
  name: string;
  displayName: string | null;
  description: string | null;
  parameters: StrategyParameter[];
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
