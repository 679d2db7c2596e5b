import { Type, type Static } from 'typebox';
import { constraintBody, ConstraintSchema } from './constraints.ts';
import { Nullable, NullableText, Timestamp } from './wire.ts';

// Segments (Unleash 4.13+ shapes): named lists of constraints that strategies share.

/** Unleash's limits: values across a segment's constraints, and segments per strategy. */
export const SEGMENT_VALUES_LIMIT = 1000;
export const STRATEGY_SEGMENTS_LIMIT = 5;

export const SegmentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** The project the segment belongs to; null: usable in every project. */
  project: Nullable(Type.String()),
  constraints: Type.Array(ConstraintSchema),
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type Segment = Static<typeof SegmentSchema>;

export const SegmentListSchema = Type.Object({ segments: Type.Array(SegmentSchema) });

/** What SDKs receive (GET api/client/features without inlined segments, the delta API). */
export const ClientSegmentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  constraints: Type.Array(ConstraintSchema),
});
export type ClientSegment = Static<typeof ClientSegmentSchema>;

export const SegmentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** POST api/admin/segments and PUT api/admin/segments/{id} (Unleash's upsertSegmentSchema). */
export const SegmentBody = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    description: Type.Optional(NullableText({ maxLength: 10_000 })),
    project: Type.Optional(NullableText({ maxLength: 100 })),
    constraints: Type.Array(constraintBody(SEGMENT_VALUES_LIMIT), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type SegmentInput = Static<typeof SegmentBody>;

export const SegmentNameBody = Type.Object({ name: Type.String({ maxLength: 100 }) });

/** GET api/admin/segments/{id}/strategies: the strategies that use the segment (Unleash's segmentStrategiesSchema). */
export const SegmentStrategiesSchema = Type.Object({
  strategies: Type.Array(
    Type.Object({
      id: Type.String(),
      projectId: Type.String(),
      featureName: Type.String(),
      strategyName: Type.String(),
      environment: Type.String(),
    }),
  ),
  /** Unleash's change requests (enterprise): always empty here. */
  changeRequestStrategies: Type.Array(Type.Unknown(), { maxItems: 0 }),
});
export type SegmentStrategies = Static<typeof SegmentStrategiesSchema>;
