import { Type, type Static } from 'typebox';
import { FeatureName } from './features.ts';
import { Timestamp } from './wire.ts';

// A toggle's lifecycle (Unleash 6-7's stages): created, first seen by an SDK outside production, first seen in
// production, completed by a person, archived. Each stage is entered once, in this order of rank.

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
export const LifecycleStageSchema = Type.Enum([...LIFECYCLE_STAGES]);

/** What became of a completed toggle: kept in the code (statusValue: which variant, say) or discarded. */
export const COMPLETION_STATUSES = ['kept', 'discarded'] as const;
export const CompletionStatusSchema = Type.Enum([...COMPLETION_STATUSES]);
export type CompletionStatus = Static<typeof CompletionStatusSchema>;

export const LifecycleParams = Type.Object({ projectId: Type.String({ maxLength: 100 }), featureName: FeatureName });

/** POST api/admin/projects/{p}/features/{name}/lifecycle/complete. */
export const CompleteBody = Type.Object(
  { status: CompletionStatusSchema, statusValue: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);
export type CompleteInput = Static<typeof CompleteBody>;

/** One stage a toggle entered; status and statusValue on the completed stage only. */
export const LifecycleEntrySchema = Type.Object({
  stage: LifecycleStageSchema,
  enteredStageAt: Timestamp,
  status: Type.Optional(CompletionStatusSchema),
  statusValue: Type.Optional(Type.String()),
});
export type LifecycleEntry = Static<typeof LifecycleEntrySchema>;

/** GET api/admin/projects/{p}/features/{name}/lifecycle: the stages entered, in order of rank. */
export const LifecycleSchema = Type.Array(LifecycleEntrySchema);

/** A toggle's current stage (the highest-ranked it entered), as the project's toggle list shows it. */
export const CurrentStageSchema = Type.Object({ stage: LifecycleStageSchema, enteredStageAt: Timestamp });
export type CurrentStage = Static<typeof CurrentStageSchema>;

/** The rank of a stage: a toggle's current stage is the highest-ranked it entered. */
export const stageRank = (stage: LifecycleStage) => LIFECYCLE_STAGES.indexOf(stage);
