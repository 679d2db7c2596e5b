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

/** GET api/admin/events: every event, newest first. */
export const EventListSchema = Type.Object({ version: Type.Literal(1), events: Type.Array(EventSchema) });

/** GET api/admin/events/{toggleName}: one toggle's events, newest first. */
export const ToggleEventsSchema = Type.Object({ toggleName: Type.String(), events: Type.Array(EventSchema) });
export const ToggleNameParams = Type.Object({ toggleName: Type.String({ maxLength: 200 }) });
