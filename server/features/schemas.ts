import { Type } from 'typebox';

/** Request-body schemas of the toggle API (the rules beyond shape are in service.ts). */
export const Name = Type.String({ maxLength: 200 });
const Text = Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]);

const Constraint = Type.Object({
  contextName: Type.String({ minLength: 1, maxLength: 100 }),
  operator: Type.Optional(Type.Enum(['IN', 'NOT_IN'])),
  values: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 }),
});

// The limits of strategy-rules.ts (30 constraints, 250 values) are checked there, with clear messages; the schemas
// only cap the size of what is read.
const Parameters = Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean()]));
const Constraints = Type.Array(Constraint, { maxItems: 100 });

/** A strategy instance (the classic toggle's list, and POST .../strategies). */
export const Strategy = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  parameters: Type.Optional(Parameters),
  constraints: Type.Optional(Constraints),
});

/** PUT .../strategies/{id}: the name may be left out (kept). */
export const StrategyUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  parameters: Type.Optional(Parameters),
  constraints: Type.Optional(Constraints),
});

/** POST .../strategies/set-sort-order. */
export const SortOrderBody = Type.Array(
  Type.Object({ id: Type.String({ maxLength: 100 }), sortOrder: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }),
  { maxItems: 1000 },
);

/** A list of variants; every field is checked by checkVariants (variants.ts), with the messages the console maps. */
export const VariantsBody = Type.Array(Type.Unknown(), { maxItems: 100 });
const Variants = Type.Union([VariantsBody, Type.Null()]);

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

/** A JSON patch (RFC 6902). */
export const PatchBody = Type.Array(
  Type.Object({
    op: Type.String({ maxLength: 20 }),
    path: Type.String({ maxLength: 500 }),
    from: Type.Optional(Type.String({ maxLength: 500 })),
    value: Type.Optional(Type.Unknown()),
  }),
  { minItems: 1, maxItems: 500 },
);
