import { Type } from 'typebox';

/** Request-body schemas of the toggle API (the rules beyond shape are in service.ts). */
export const Name = Type.String({ maxLength: 200 });
const Text = Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]);

export const Constraint = Type.Object({
  contextName: Type.String({ minLength: 1, maxLength: 100 }),
  operator: Type.Enum(['IN', 'NOT_IN']),
  values: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 }),
});

export const Strategy = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  parameters: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean()])),
  ),
  constraints: Type.Optional(Type.Array(Constraint, { maxItems: 100 })),
});

export const Variant = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  weight: Type.Integer({ minimum: 0, maximum: 1000 }),
  weightType: Type.Optional(Type.Enum(['variable', 'fix'])),
  stickiness: Type.Optional(Type.String({ maxLength: 100 })),
  payload: Type.Optional(
    Type.Object({ type: Type.Enum(['string', 'json', 'csv']), value: Type.String({ maxLength: 100_000 }) }),
  ),
  overrides: Type.Optional(
    Type.Array(Type.Object({ contextName: Type.String({ maxLength: 100 }), values: Type.Array(Type.String({ maxLength: 1000 })) })),
  ),
});

const Variants = Type.Union([Type.Array(Variant, { maxItems: 100 }), Type.Null()]);

/** The toggle of the project API (no strategies). */
export const FeatureBody = Type.Object({
  name: Name,
  description: Type.Optional(Text),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  stale: Type.Optional(Type.Boolean()),
  variants: Type.Optional(Variants),
  impressionData: Type.Optional(Type.Boolean()),
});

/** The toggle of the classic API. */
export const ClassicBody = Type.Object({
  name: Name,
  description: Type.Optional(Text),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  project: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: Type.Optional(Type.Boolean()),
  stale: Type.Optional(Type.Boolean()),
  strategies: Type.Optional(Type.Union([Type.Array(Strategy, { maxItems: 100 }), Type.Null()])),
  variants: Type.Optional(Variants),
  archived: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.Unknown()),
  lastSeenAt: Type.Optional(Type.Unknown()),
});

export const PatchBody = Type.Array(
  Type.Object({ op: Type.String({ maxLength: 20 }), path: Type.String({ maxLength: 200 }), value: Type.Optional(Type.Unknown()) }),
  { minItems: 1, maxItems: 20 },
);
