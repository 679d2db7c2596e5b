import { Type, type Static } from 'typebox';
import { ConstraintSchema } from './constraints.ts';
import { Nullable, Timestamp } from './wire.ts';

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
