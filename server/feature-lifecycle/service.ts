import type { CompleteInput, CurrentStage } from '../../contract/lifecycle.ts';
import type { AppDeps } from '../deps.ts';
import { lockToggles, requireFeature, type FeatureRow } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { currentStageOf, lifecycleOf } from './rules.ts';
import { deleteCompleted, highestStoredStages, storedStagesOf, upsertCompleted, type StoredStageRow } from './store.ts';

// A toggle's lifecycle: read, and completed or taken back by a person (the SDK-seen stages come from metrics).

/** A toggle named in a path: its project and name. */
export interface TogglePath {
  project: string;
  feature: string;
}

/** GET api/admin/projects/{p}/features/{name}/lifecycle: the stages entered, in order of rank. */
export async function lifecycle(db: Db, path: TogglePath) {
  const toggle = await requireFeature(db, path.feature, { project: path.project });
  return lifecycleOf(toggle, await storedStagesOf(db, toggle.name));
}

/** The current stage of each of the toggles (one read however many), by name. */
export async function currentStages(db: Db, toggles: readonly FeatureRow[]): Promise<(name: string) => CurrentStage> {
  const stored = new Map(
    (
      await highestStoredStages(
        db,
        toggles.map((t) => t.name),
      )
    ).map((row) => [row.feature, row]),
  );
  const stages = new Map(toggles.map((t) => [t.name, currentStageOf(t, stored.get(t.name))]));
  return (name) => stages.get(name)!;
}

const completion = (row: StoredStageRow) => ({ status: row.status, statusValue: row.statusValue });

/** The live toggle of the path, locked for the rest of the transaction (so it is not archived or deleted meanwhile). */
async function lockedLiveToggle(tx: Db, path: TogglePath) {
  await lockToggles(tx, { names: [path.feature] });
  return requireFeature(tx, path.feature, { project: path.project, live: true });
}

/** POST .../lifecycle/complete: enters `completed` with its status (or changes the status when it is completed). */
export async function completeToggle(deps: AppDeps, actor: string, path: TogglePath, input: CompleteInput) {
  await deps.db.transaction(async (tx) => {
    const toggle = await lockedLiveToggle(tx, path);
    const before = (await storedStagesOf(tx, toggle.name)).find((s) => s.stage === 'completed');
    const after = await upsertCompleted(tx, toggle.name, input.status, input.statusValue ?? null);
    await appendEvent(tx, {
      type: 'feature-completed',
      createdBy: actor,
      featureName: toggle.name,
      project: toggle.project,
      data: completion(after),
      preData: before ? completion(before) : null,
    });
  });
}

/** POST .../lifecycle/uncomplete: takes `completed` back; nothing changes (and nothing is recorded) when it was not. */
export async function uncompleteToggle(deps: AppDeps, actor: string, path: TogglePath) {
  await deps.db.transaction(async (tx) => {
    const toggle = await lockedLiveToggle(tx, path);
    const removed = await deleteCompleted(tx, toggle.name);
    if (!removed) return;
    await appendEvent(tx, {
      type: 'feature-uncompleted',
      createdBy: actor,
      featureName: toggle.name,
      project: toggle.project,
      data: null,
      preData: completion(removed),
    });
  });
}
