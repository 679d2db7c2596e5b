import { EVENTS_PAGE_DEFAULT, type EventsRequest } from '../../contract/events.ts';
import type { Db } from '../platform/db/client.ts';
import { listEvents } from '../platform/events/store.ts';
import { validationError } from '../platform/http/errors.ts';
import { eventView } from './views.ts';

/**
 * One page of events, newest first, and `next`: the id to send as `before` for the page after it (null on the last).
 * One more event than the page holds is read, so the last page says so without another query.
 */
export async function eventPage(db: Db, query: EventsRequest) {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from > to) throw validationError('to', '"to" must not be before "from"', query.to);
  const limit = query.limit ?? EVENTS_PAGE_DEFAULT;
  const rows = await listEvents(
    db,
    {
      before: query.before,
      type: query.type,
      project: query.project,
      featureName: query.feature,
      createdBy: query.createdBy,
      from,
      to,
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  return { events: page.map(eventView), next: rows.length > limit ? page[page.length - 1].id : null };
}
