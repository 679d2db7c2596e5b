import { Type, type Static } from 'typebox';
import { Timestamp } from './wire.ts';

/** A context field as the API answers it (Unleash 4 keys): legalValues only when there are some. */
export const ContextFieldSchema = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  stickiness: Type.Boolean(),
  sortOrder: Type.Integer(),
  legalValues: Type.Optional(Type.Array(Type.String())),
  createdAt: Timestamp,
});
export type ContextField = Static<typeof ContextFieldSchema>;

/** GET api/admin/context: a bare array, as in Unleash. */
export const ContextFieldListSchema = Type.Array(ContextFieldSchema);

const Name = Type.String({ maxLength: 200 });
/** A context field in a request body; the rules beyond shape (name, legal values) are the server's. */
const FieldBody = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  legalValues: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 }), Type.Null()]),
  ),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

export const ContextNameParams = Type.Object({ name: Name });
export const ContextNameBody = Type.Object({ name: Name });
export const CreateContextFieldBody = Type.Object({ name: Name, ...FieldBody });
export const UpdateContextFieldBody = Type.Object({ name: Type.Optional(Name), ...FieldBody });
export type ContextFieldInput = Static<typeof UpdateContextFieldBody>;
