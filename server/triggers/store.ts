import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { featureTriggers as t } from './schema.ts';

export type TriggerRow = typeof t.$inferSelect;
type NewTrigger = typeof t.$inferInsert;

export function listTriggersOf(db: Db, feature: string): Promise<TriggerRow[]> {
  return db.select().from(t).where(eq(t.feature, feature)).orderBy(asc(t.id));
}

export async function insertTrigger(db: Db, trigger: NewTrigger): Promise<TriggerRow> {
  const [row] = await db.insert(t).values(trigger).returning();
  return row;
}

export async function deleteTrigger(db: Db, feature: string, id: number): Promise<TriggerRow | undefined> {
  const [row] = await db
    .delete(t)
    .where(and(eq(t.feature, feature), eq(t.id, id)))
    .returning();
  return row;
}

/** A minute of calls, by the database's clock: the one every process shares. */
const windowOver = sql`${t.windowStartedAt} is null or ${t.windowStartedAt} <= now() - interval '1 minute'`;

/**
 * Counts a call of the trigger with this secret hash in its current minute (a new minute starts at a call made
 * after the last one ended), in one statement, so that calls in several processes count once each. Returns the
 * trigger, the calls of its minute so far, and the seconds until the minute ends; undefined for no such trigger.
 */
export async function countCall(
  db: Db,
  secretHash: string,
): Promise<{ trigger: TriggerRow; calls: number; secondsLeft: number } | undefined> {
  const [row] = await db
    .update(t)
    .set({
      windowStartedAt: sql`case when ${windowOver} then now() else ${t.windowStartedAt} end`,
      windowFires: sql`case when ${windowOver} then 1 else ${t.windowFires} + 1 end`,
    })
    .where(eq(t.secretHash, secretHash))
    .returning({
      ...getTableColumns(t),
      secondsLeft: sql<number>`ceil(extract(epoch from ${t.windowStartedAt} + interval '1 minute' - now()))::int`,
    });
  if (!row) return undefined;
  const { secondsLeft, ...trigger } = row;
  return { trigger, calls: trigger.windowFires, secondsLeft: Math.max(1, Number(secondsLeft)) };
}

/** Records a call that went through: when, and one more. */
export async function recordFire(db: Db, id: number): Promise<void> {
  await db
    .update(t)
    .set({ lastFiredAt: sql`now()`, fireCount: sql`${t.fireCount} + 1` })
    .where(eq(t.id, id));
}
