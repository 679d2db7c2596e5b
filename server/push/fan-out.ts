import { can } from '../../contract/permissions.ts';
import type { AppDeps } from '../deps.ts';
import { findEnvironment } from '../environments/index.ts';
import { usersWhoPinned } from '../features/index.ts';
import { personName } from '../platform/access/caller.ts';
import { permissionsFor } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import { addSetting, readSetting, writeSetting } from '../platform/db/settings.ts';
import {
  committedRevision,
  eventsBetween,
  firstEventAuthor,
  hasEventsAfter,
  latestEventId,
} from '../platform/events/store.ts';
import { projectRolesOf } from '../projects/index.ts';
import { usersByIds } from '../users/index.ts';
import { NOTIFYING_EVENTS, noticeFor, type Audience } from './rules.ts';
import { queueDeliveries, subscribedUserIds } from './store.ts';
import { vapidKeys } from './vapid.ts';

// The push outbox is fed from the audit log: a cursor (the last event looked at, kept in the database) moves over
// the events that notify someone, and each event's deliveries are queued in the transaction that moves it. The
// requests that wrote the events did no push work; several processes never queue one event twice.

const CURSOR_SETTING = 'push.cursor';
/** Events read per transaction. */
const BATCH = 200;

const cursorOf = async (db: Db, options?: { lock: boolean }) =>
  ((await readSetting(db, CURSOR_SETTING, options)) as { eventId: number } | undefined)?.eventId;

/** First-start work: the VAPID keys, and the cursor at the newest event (nothing that happened before is sent). */
export async function preparePush(deps: Pick<AppDeps, 'db'>): Promise<void> {
  await vapidKeys(deps.db);
  await addSetting(deps.db, CURSOR_SETTING, { eventId: await latestEventId(deps.db) });
}

/** The subscribed users the audience names. */
async function recipients(db: Db, audience: Audience): Promise<number[]> {
  const subscribed = await usersByIds(db, await subscribedUserIds(db));
  if ('approversOf' in audience) {
    const project = audience.approversOf;
    const approvers: number[] = [];
    for (const user of subscribed) {
      const held = permissionsFor(user.rootRole, [project], await projectRolesOf(db, user.id));
      if (can(held, 'APPROVE_CHANGE_REQUEST', project) && personName(user) !== audience.except) approvers.push(user.id);
    }
    return approvers;
  }
  if ('authorOf' in audience) {
    const { project, id } = audience.authorOf;
    const author = await firstEventAuthor(db, 'change-request-created', project, id);
    if (author === audience.except) return [];
    return subscribed.filter((user) => personName(user) === author).map((user) => user.id);
  }
  if (audience.production !== undefined) {
    if ((await findEnvironment(db, audience.production))?.type !== 'production') return [];
  }
  const pinned = new Set(await usersWhoPinned(db, audience.pinnersOf));
  return subscribed.filter((user) => pinned.has(user.id) && personName(user) !== audience.except).map((u) => u.id);
}

/**
 * Queues the deliveries of the events committed since the cursor, one batch per transaction; true when more may be
 * waiting. Only events every earlier one of which has committed are read (committedRevision), so none is skipped;
 * the cursor's row is locked, so a process that moved it meanwhile makes the others leave the batch to it.
 */
export async function fanOut(db: Db): Promise<boolean> {
  const cursor = await cursorOf(db);
  if (cursor === undefined || !(await hasEventsAfter(db, cursor, NOTIFYING_EVENTS))) return false;
  const upTo = await committedRevision(db, cursor);
  if (upTo <= cursor) return false;
  return db.transaction(async (tx) => {
    if ((await cursorOf(tx, { lock: true })) !== cursor) return true;
    const rows = await eventsBetween(tx, cursor, upTo, NOTIFYING_EVENTS, BATCH);
    for (const event of rows) {
      const notice = noticeFor(event);
      if (notice) await queueDeliveries(tx, event.id, await recipients(tx, notice.audience), notice.message);
    }
    const full = rows.length === BATCH;
    await writeSetting(tx, CURSOR_SETTING, { eventId: full ? rows[rows.length - 1].id : upTo });
    return full;
  });
}
