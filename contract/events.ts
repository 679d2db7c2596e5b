import { Type, type Static } from 'typebox';
import { Timestamp, Nullable } from './wire.ts';

/** One difference in the format of the deep-diff package: E(dited), N(ew), D(eleted), or A(rray) with an item. */
export const DiffSchema = Type.Object({
  kind: Type.Enum(['N', 'D', 'E', 'A']),
  path: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Integer()]))),
  lhs: Type.Optional(Type.Unknown()),
  rhs: Type.Optional(Type.Unknown()),
  index: Type.Optional(Type.Integer()),
  item: Type.Optional(Type.Unknown()),
});

/** An audit event: Unleash's fields plus featureName and preData; diffs go from preData to data. */
export const EventSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  createdBy: Type.String(),
  createdAt: Timestamp,
  data: Type.Unknown(),
  preData: Type.Unknown(),
  tags: Type.Unknown(),
  featureName: Nullable(Type.String()),
  project: Nullable(Type.String()),
  environment: Nullable(Type.String()),
  diffs: Type.Union([Type.Array(DiffSchema), Type.Null()]),
});
export type AuditEvent = Static<typeof EventSchema>;

/** Events per page when the caller names no `limit` (Unleash 4's GET api/admin/events answered its newest 100). */
export const EVENTS_PAGE_DEFAULT = 100;
export const EVENTS_PAGE_MAX = 1000;

/**
 * Paging and filters of both event lists, newest first. `before`: the previous page's `next` (keyset paging on the
 * event id). `createdBy`: who made the change. `from` and `to`: the change's time, both inclusive.
 */
const eventFilters = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENTS_PAGE_MAX })),
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  project: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  createdBy: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
};
/** GET api/admin/events: the filters, and one toggle's events with `feature`. */
export const EventsQuery = Type.Object({
  ...eventFilters,
  feature: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type EventsRequest = Static<typeof EventsQuery>;
/** GET api/admin/events/{toggleName}: the same filters within the toggle's events. */
export const ToggleEventsQuery = Type.Object(eventFilters);

/** The id to send as `before` for the next page; null on the last page. */
const Next = Nullable(Type.Integer({ minimum: 1 }));

/** GET api/admin/events: every event, newest first, a page at a time. */
export const EventListSchema = Type.Object({ version: Type.Literal(1), events: Type.Array(EventSchema), next: Next });

/** GET api/admin/events/{toggleName}: one toggle's events, newest first, a page at a time. */
export const ToggleEventsSchema = Type.Object({
  toggleName: Type.String(),
  events: Type.Array(EventSchema),
  next: Next,
});
export const ToggleNameParams = Type.Object({ toggleName: Type.String({ maxLength: 200 }) });
