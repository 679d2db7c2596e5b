import {
  stageRank,
  type CompletionStatus,
  type CurrentStage,
  type LifecycleEntry,
  type LifecycleStage,
} from '../../contract/lifecycle.ts';

/** The stages kept in feature_lifecycles, lowest rank first (initial and archived are the toggle row's times). */
export const STORED_STAGES = ['pre-live', 'live', 'completed'] as const;

/** What a toggle's row tells of its lifecycle: created (initial) and archived. */
export interface ToggleTimes {
  createdAt: Date;
  archivedAt: Date | null;
}

/** A stored stage as the lifecycle lists it. */
export interface StoredStage {
  stage: (typeof STORED_STAGES)[number];
  enteredAt: Date;
  status?: CompletionStatus | null;
  statusValue?: string | null;
}

const entry = (stage: LifecycleStage, enteredStageAt: Date): LifecycleEntry => ({ stage, enteredStageAt });

/** Every stage the toggle entered, in order of rank: initial, the stored ones, and archived while it is archived. */
export function lifecycleOf(toggle: ToggleTimes, stored: readonly StoredStage[]): LifecycleEntry[] {
  const stages = [
    entry('initial', toggle.createdAt),
    ...stored.map(({ stage, enteredAt, status, statusValue }) => ({
      ...entry(stage, enteredAt),
      ...(status ? { status } : {}),
      ...(statusValue ? { statusValue } : {}),
    })),
    ...(toggle.archivedAt ? [entry('archived', toggle.archivedAt)] : []),
  ];
  return stages.sort((a, b) => stageRank(a.stage) - stageRank(b.stage));
}

/** The toggle's current stage: archived while it is, else its highest-ranked stored stage, else initial. */
export function currentStageOf(toggle: ToggleTimes, highestStored: StoredStage | undefined): CurrentStage {
  if (toggle.archivedAt) return entry('archived', toggle.archivedAt);
  return highestStored ? entry(highestStored.stage, highestStored.enteredAt) : entry('initial', toggle.createdAt);
}
