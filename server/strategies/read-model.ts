import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { strategies } from './schema.ts';

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

export async function findStrategy(db: Db, name: string): Promise<StrategyDefinitionRow | undefined> {
  const [row] = await db.select().from(strategies).where(eq(strategies.name, name));
  return row as StrategyDefinitionRow | undefined;
}

/** Every definition, by sort order then name. */
export async function listStrategies(db: Db): Promise<StrategyDefinitionRow[]> {
  const rows = await db.select().from(strategies).orderBy(asc(strategies.sortOrder), asc(strategies.name));
  return rows as StrategyDefinitionRow[];
}
