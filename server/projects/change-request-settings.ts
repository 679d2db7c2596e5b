import { and, eq, inArray } from 'drizzle-orm';
import { listEnvironments } from '../environments/index.ts';
import type { Db } from '../platform/db/client.ts';
import { projectEnvironments } from './schema.ts';

// The change-request setting of each environment of a project: kept with the environment's row in the project, so
// that the toggle rule (features/) reads it in the change's own transaction without knowing change-requests/.

export interface ChangeRequestSetting {
  environment: string;
  type: string;
  changeRequestsEnabled: boolean;
  requiredApprovals: number;
}

const settingOf = (row: typeof projectEnvironments.$inferSelect) => ({
  changeRequestsEnabled: row.changeRequestsEnabled,
  requiredApprovals: row.requiredApprovals,
});

/** The setting of every environment of the project, in display order. */
export async function changeRequestSettings(db: Db, project: string): Promise<ChangeRequestSetting[]> {
  const rows = await db.select().from(projectEnvironments).where(eq(projectEnvironments.project, project));
  const byName = new Map(rows.map((row) => [row.environment, row]));
  return (await listEnvironments(db)).flatMap((env) => {
    const row = byName.get(env.name);
    return row ? [{ environment: env.name, type: env.type, ...settingOf(row) }] : [];
  });
}

const where = (project: string, environment: string) =>
  and(eq(projectEnvironments.project, project), eq(projectEnvironments.environment, environment));

/** The environment's setting, its row locked until the transaction ends; undefined when it is not in the project. */
export async function lockChangeRequestSetting(tx: Db, project: string, environment: string) {
  const [row] = await tx.select().from(projectEnvironments).where(where(project, environment)).for('update');
  return row && settingOf(row);
}

export async function setChangeRequestSetting(
  tx: Db,
  project: string,
  environment: string,
  setting: { changeRequestsEnabled: boolean; requiredApprovals: number },
): Promise<void> {
  await tx.update(projectEnvironments).set(setting).where(where(project, environment));
}

/** Those of the environments where the project's toggles change only through change requests. */
export async function environmentsRequiringChangeRequests(
  db: Db,
  project: string,
  environments: readonly string[],
): Promise<string[]> {
  if (environments.length === 0) return [];
  const rows = await db
    .select({ environment: projectEnvironments.environment })
    .from(projectEnvironments)
    .where(
      and(
        eq(projectEnvironments.project, project),
        inArray(projectEnvironments.environment, [...environments]),
        eq(projectEnvironments.changeRequestsEnabled, true),
      ),
    );
  return rows.map((row) => row.environment).sort();
}
