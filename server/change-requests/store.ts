import { and, asc, desc, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { ChangeRequestState } from '../../contract/change-requests.ts';
import type { Db } from '../platform/db/client.ts';
import { changeRequestApprovals, changeRequestChanges, changeRequestComments, changeRequests } from './schema.ts';

// The change requests' own SQL.

export type ChangeRequestRow = typeof changeRequests.$inferSelect;
export type ChangeRow = typeof changeRequestChanges.$inferSelect;
export type ApprovalRow = typeof changeRequestApprovals.$inferSelect;
export type CommentRow = typeof changeRequestComments.$inferSelect;

/** The person's Draft in the project environment, its row locked until the transaction ends. */
export async function lockDraft(tx: Db, project: string, environment: string, userId: number) {
  const [row] = await tx
    .select()
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.project, project),
        eq(changeRequests.environment, environment),
        eq(changeRequests.createdById, userId),
        eq(changeRequests.state, 'Draft'),
      ),
    )
    .for('update');
  return row;
}

export async function insertDraft(
  tx: Db,
  draft: { project: string; environment: string; createdById: number; createdBy: string },
): Promise<ChangeRequestRow> {
  const [row] = await tx.insert(changeRequests).values(draft).returning();
  return row;
}

export async function insertChange(tx: Db, change: typeof changeRequestChanges.$inferInsert): Promise<ChangeRow> {
  const [row] = await tx.insert(changeRequestChanges).values(change).returning();
  return row;
}

/** The changes a request holds, in the order they were added. */
export function changesOf(db: Db, changeRequestId: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(changeRequestChanges)
    .where(eq(changeRequestChanges.changeRequestId, changeRequestId))
    .orderBy(asc(changeRequestChanges.id));
}

/** Sets a held change to a new payload made against the toggle's version now (it keeps its place). */
export async function replaceChange(
  tx: Db,
  id: number,
  change: { payload: unknown; featureVersion: number },
): Promise<ChangeRow> {
  const [row] = await tx.update(changeRequestChanges).set(change).where(eq(changeRequestChanges.id, id)).returning();
  return row;
}

/** One request of the project, its row locked until the transaction ends (transitions of one request queue up). */
export async function lockRequest(tx: Db, project: string, id: number) {
  const [row] = await tx
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.project, project), eq(changeRequests.id, id)))
    .for('update');
  return row;
}

export async function findRequest(db: Db, project: string, id: number) {
  const [row] = await db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.project, project), eq(changeRequests.id, id)));
  return row;
}

/** A project's requests, newest first, in one state or all. */
export function requestsOf(db: Db, project: string, state?: ChangeRequestState) {
  return db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.project, project), state ? eq(changeRequests.state, state) : undefined))
    .orderBy(desc(changeRequests.id));
}

/** Requests In review by someone else that the person has not approved yet, newest first (every project). */
export function inReviewFor(db: Db, userId: number) {
  const approved = db
    .select({ one: sql`1` })
    .from(changeRequestApprovals)
    .where(
      and(eq(changeRequestApprovals.changeRequestId, changeRequests.id), eq(changeRequestApprovals.userId, userId)),
    );
  return db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.state, 'In review'), ne(changeRequests.createdById, userId), notExists(approved)))
    .orderBy(desc(changeRequests.id));
}

/** The changes, approvals and comments of the requests, each in the order they were made. */
export async function partsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return { changes: [], approvals: [], comments: [] };
  // One after another: inside a transaction this is one connection.
  const changes = await db
    .select()
    .from(changeRequestChanges)
    .where(inArray(changeRequestChanges.changeRequestId, ids))
    .orderBy(asc(changeRequestChanges.id));
  const approvals = await db
    .select()
    .from(changeRequestApprovals)
    .where(inArray(changeRequestApprovals.changeRequestId, ids))
    .orderBy(asc(changeRequestApprovals.createdAt));
  const comments = await db
    .select()
    .from(changeRequestComments)
    .where(inArray(changeRequestComments.changeRequestId, ids))
    .orderBy(asc(changeRequestComments.id));
  return { changes, approvals, comments };
}

/** Records the person's approval (the request's row is locked, and the rule checked they had not approved yet). */
export async function insertApproval(tx: Db, changeRequestId: number, person: { id: number; name: string }) {
  await tx.insert(changeRequestApprovals).values({ changeRequestId, userId: person.id, createdBy: person.name });
}

/** Who approved the request so far (their user ids). */
export async function approverIdsOf(db: Db, changeRequestId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: changeRequestApprovals.userId })
    .from(changeRequestApprovals)
    .where(eq(changeRequestApprovals.changeRequestId, changeRequestId));
  return rows.map((row) => row.userId);
}

/** What a move of a request sets (its version moves on by itself). */
export type RequestUpdate = Partial<
  Pick<
    typeof changeRequests.$inferInsert,
    'state' | 'conflict' | 'scheduledAt' | 'dueAt' | 'scheduleFailure' | 'revertAt' | 'revert' | 'revertedAt'
  >
>;

/** Changes the request and moves its version on (called for every change but a comment). */
export async function updateRequest(tx: Db, id: number, change: RequestUpdate = {}): Promise<void> {
  await tx
    .update(changeRequests)
    .set({ ...change, version: sql`${changeRequests.version} + 1`, updatedAt: new Date() })
    .where(eq(changeRequests.id, id));
}

export async function insertComment(tx: Db, comment: typeof changeRequestComments.$inferInsert) {
  const [row] = await tx.insert(changeRequestComments).values(comment).returning();
  return row;
}

/** A request the scheduler has leased, with the version it had then (it acts only if nothing moved it since). */
export interface ClaimedRequest {
  id: number;
  project: string;
  version: number;
}

/**
 * Leases up to `limit` requests due now (the partial index on due_at), oldest due first, for `leaseMs`: their due_at
 * moves past the lease, so no other scheduler (in this process or another on the same PostgreSQL) takes them
 * meanwhile, and one that dies leaves them due again once the lease runs out. Rows a concurrent claim locked are
 * skipped.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedRequest[]> {
  const result = (await db.execute(sql`
    update ${changeRequests} set due_at = now() + ${leaseMs}::integer * interval '1 millisecond'
    where id in (
      select id from ${changeRequests} where due_at <= now()
      order by due_at, id
      limit ${limit}::integer
      for update skip locked
    )
    returning id, project, version`)) as unknown as { rows: ClaimedRequest[] };
  return result.rows;
}

/** How long until the next request is due (0 when one is), by the database's clock; undefined when none is. */
export async function nextDueInMs(db: Db): Promise<number | undefined> {
  const result = (await db.execute(sql`
    select greatest(0, ceil(extract(epoch from min(due_at) - now()) * 1000))::float8 as ms
    from ${changeRequests} where due_at is not null`)) as unknown as { rows: Array<{ ms: number | null }> };
  return result.rows[0]?.ms ?? undefined;
}
