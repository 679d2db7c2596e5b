import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { featureEnvironments, featureStrategies } from '../schema.ts';
import { inNames } from '../store.ts';
import { lockToggles, recordToggleChanges, type ToggleWrite } from '../toggle-write.ts';
import { togglesInEnvironment } from './store.ts';

// An environment added to or removed from many toggles at once (a project's environments, an environment deleted),
// each toggle through the toggle rule: rows locked in name order, a new version and an event for each one changed.

/** The toggles that have a state or strategies in the environment, their rows locked (the toggle rule's lock). */
export async function lockTogglesIn(tx: Db, environment: string): Promise<string[]> {
  const names = await togglesInEnvironment(tx, environment);
  return (await lockToggles(tx, { names })).map((row) => row.name);
}

/**
 * Gives every toggle of the project (archived ones too) a disabled state in the environment where it has none yet.
 * Returns those that got one, by name: each has a new version and a feature-environment-added event.
 */
export async function addEnvironmentToToggles(tx: Db, write: ToggleWrite, project: string, environment: string) {
  const toggles = new Map((await lockToggles(tx, { project })).map((row) => [row.name, row]));
  if (toggles.size === 0) return [];
  const inserted = (await tx.execute(sql`
    insert into ${featureEnvironments} (feature, environment, enabled)
    select name, ${environment}, false from unnest(${sql.param([...toggles.keys()])}::text[]) as name
    on conflict do nothing
    returning feature`)) as unknown as { rows: Array<{ feature: string }> };
  const added = inserted.rows.map((row) => row.feature).sort();
  await recordToggleChanges(
    tx,
    write,
    added.map((name) => ({
      feature: toggles.get(name)!,
      type: 'feature-environment-added',
      environment,
      data: { name, environment, enabled: false },
    })),
  );
  return added;
}

/**
 * Removes the state and the strategies in the environment of every toggle of a project, or of the named toggles
 * (through the change-request gate of that environment in each toggle's project).
 * Returns those that had either, by name (each has a new version and a feature-environment-removed event), and how
 * many strategies were deleted.
 */
export async function removeEnvironmentFromToggles(
  tx: Db,
  write: ToggleWrite,
  which: { project: string } | { names: readonly string[] },
  environment: string,
) {
  const toggles = new Map((await lockToggles(tx, which)).map((row) => [row.name, row]));
  const names = [...toggles.keys()];
  const strategies = await tx
    .delete(featureStrategies)
    .where(and(inNames(featureStrategies.feature, names), eq(featureStrategies.environment, environment)))
    .returning({ feature: featureStrategies.feature });
  const states = await tx
    .delete(featureEnvironments)
    .where(and(inNames(featureEnvironments.feature, names), eq(featureEnvironments.environment, environment)))
    .returning({ feature: featureEnvironments.feature, enabled: featureEnvironments.enabled });
  const enabled = new Map(states.map((state) => [state.feature, state.enabled]));
  const strategyCounts = new Map<string, number>();
  for (const { feature } of strategies) strategyCounts.set(feature, (strategyCounts.get(feature) ?? 0) + 1);
  const removed = [...new Set([...enabled.keys(), ...strategyCounts.keys()])].sort();
  await recordToggleChanges(
    tx,
    write,
    removed.map((name) => ({
      feature: toggles.get(name)!,
      type: 'feature-environment-removed',
      environment,
      data: null,
      preData: { name, environment, enabled: enabled.get(name) ?? false, strategies: strategyCounts.get(name) ?? 0 },
    })),
  );
  return { toggles: removed, strategiesDeleted: strategies.length };
}
