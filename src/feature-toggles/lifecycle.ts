import { LIFECYCLE_STAGES, type LifecycleEntry, type LifecycleStage } from '../../contract/lifecycle';
import type { Received } from '../shared/api/received';

// A toggle's lifecycle as the console shows it: the stages in order, each with when it was entered.

/** One stage the toggle entered, as GET .../lifecycle answers it. */
export type LifecycleStep = Received<LifecycleEntry, 'stage' | 'enteredStageAt'>;

/** The stages' names on screen. */
export const STAGE_LABELS: Record<LifecycleStage, string> = {
  initial: 'Initial',
  'pre-live': 'Pre-live',
  live: 'Live',
  completed: 'Completed',
  archived: 'Archived',
};

/** What each stage means, beside its name. */
export const STAGE_HINTS: Record<LifecycleStage, string> = {
  initial: 'Created, not yet seen by an SDK',
  'pre-live': 'Seen by an SDK outside production',
  live: 'Seen by an SDK in production',
  completed: 'Marked completed: ready to clean up',
  archived: 'Archived',
};

/** One row of the lifecycle: a stage, when it was entered (if it was), and whether it is the current one. */
export interface StageRow {
  stage: LifecycleStage;
  entered?: LifecycleStep;
  current: boolean;
}

/** Every stage in order with the entries of `steps`; the current stage is the highest-ranked one entered. */
export function stageRows(steps: readonly LifecycleStep[]): StageRow[] {
  const byStage = new Map(steps.map((step) => [step.stage, step]));
  const current = LIFECYCLE_STAGES.findLast((stage) => byStage.has(stage)) ?? 'initial';
  return LIFECYCLE_STAGES.map((stage) => ({ stage, entered: byStage.get(stage), current: stage === current }));
}

/** The completed stage's status in words: 'Kept: blue', 'Kept', 'Discarded'. */
export function completionText(step: Pick<LifecycleStep, 'status' | 'statusValue'>): string {
  const status = step.status === 'discarded' ? 'Discarded' : 'Kept';
  return step.statusValue ? `${status}: ${step.statusValue}` : status;
}
