import { and, asc, eq, sql } from 'drizzle-orm';
import type { CompletionStatus } from '../../contract/lifecycle.ts';
import { environmentTypeOf } from '../environments/index.ts';
import { markFeaturesSeen } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { featureLifecycles as l } from './schema.ts';
import { STORED_STAGES } from './rules.ts';

export type StoredStageRow = typeof l.$inferSelect;

/**
 * What an SDK's metrics tell, in one statement whatever the count: the toggles among `seen` are marked seen at
 * `seenAt`, and the live ones enter `live` when `environment` is a production-type one, else `pre-live`, unless they
 * did already (no stage for an unknown environment).
 */
export async function recordSeen(db: Db, seen: readonly string[], seenAt: Date, environment: string): Promise<void> {
  if (seen.length === 0) return;
  await db.execute(sql`
    with seen as ${markFeaturesSeen(db, seen, seenAt)},
      told as (select case when e.type = 'production' then 'live' else 'pre-live' end as stage
               from ${environmentTypeOf(db, environment)} e)
    insert into ${l} (feature, stage)
    select seen.name, told.stage from told cross join seen
    where seen.archived_at is null
    on conflict do nothing`);
}

/** The stages a toggle entered that are stored (pre-live, live, completed). */
export function storedStagesOf(db: Db, feature: string): Promise<StoredStageRow[]> {
  return db.select().from(l).where(eq(l.feature, feature)).orderBy(asc(l.enteredAt));
}

/** The highest-ranked stored stage of each of the toggles that has one: one row per toggle. */
export function highestStoredStages(db: Db, names: readonly string[]) {
  return db
    .selectDistinctOn([l.feature], { feature: l.feature, stage: l.stage, enteredAt: l.enteredAt })
    .from(l)
    .where(sql`${l.feature} = any(${sql.param([...names])}::text[])`)
    .orderBy(l.feature, sql`array_position(${sql.param([...STORED_STAGES])}::text[], ${l.stage}) desc`);
}

/** Enters `completed`, or changes its status when the toggle is completed already (its time stays). */
export async function upsertCompleted(
  db: Db,
  feature: string,
  status: CompletionStatus,
  statusValue: string | null,
): Promise<StoredStageRow> {
  const [row] = await db
    .insert(l)
    .values({ feature, stage: 'completed', status, statusValue })
    .onConflictDoUpdate({ target: [l.feature, l.stage], set: { status, statusValue } })
    .returning();
  return row;
}

/** Takes `completed` back; the row removed, if there was one. */
export async function deleteCompleted(db: Db, feature: string): Promise<StoredStageRow | undefined> {
  const [row] = await db
    .delete(l)
    .where(and(eq(l.feature, feature), eq(l.stage, 'completed')))
    .returning();
  return row;
}
