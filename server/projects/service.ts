import type { AppDeps } from '../deps.ts';
import { assertPathId, enabledEnvironmentNames } from '../environments/index.ts';
import { OWNER_ROLE, PROJECT_ROLES } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { writeGrant, type Grantee } from './grants.ts';
import { findProject, projectEnvironmentNames, type ProjectRow } from './read-model.ts';
import { checkIdOfPath, checkName, projectIdTaken, projectNotFound } from './rules.ts';
import { addProjectEnvironments, insertProject, lockProject, updateProject } from './store.ts';
import { NO_TOGGLES, projectData, projectSummary } from './views.ts';

export interface ProjectInput {
  id?: string;
  name: string;
  description?: string | null;
}

/** POST api/admin/projects/validate: 200 when the id is usable and free. */
export async function validateProjectId(db: Db, id: string): Promise<void> {
  assertPathId('id', id);
  if (await findProject(db, id)) throw projectIdTaken();
}

/** The role the signed-in user who creates a project gets in it. */
const CREATOR_ROLE = PROJECT_ROLES.find((r) => r.id === OWNER_ROLE)!;

/**
 * POST api/admin/projects: the new project gets every globally enabled environment and, as in Unleash 4.2
 * (createDefaultProjectRoles), the signed-in user who creates it (`creator`; none for an API token) as its Owner.
 */
export async function createProject(
  deps: AppDeps,
  actor: string,
  creator: Grantee | null,
  input: ProjectInput & { id: string },
) {
  assertPathId('id', input.id);
  const name = checkName(input.name);
  return deps.db.transaction(async (tx) => {
    const row = await insertProject(tx, { id: input.id, name, description: input.description ?? null });
    if (!row) throw projectIdTaken();
    const environments = await enabledEnvironmentNames(tx);
    await addProjectEnvironments(tx, row.id, environments);
    await appendEvent(tx, {
      type: 'project-created',
      createdBy: actor,
      project: row.id,
      data: projectData(row, environments),
    });
    if (creator) await writeGrant(tx, actor, row.id, creator, CREATOR_ROLE);
    return { ...projectSummary(row, NO_TOGGLES), memberCount: creator ? 1 : 0 };
  });
}

/** PUT api/admin/projects/{id}: name and description (the id cannot change); returns the project as changed. */
export async function editProject(deps: AppDeps, actor: string, id: string, input: ProjectInput): Promise<ProjectRow> {
  checkIdOfPath(input.id, id);
  const name = checkName(input.name);
  return deps.db.transaction(async (tx) => {
    const before = await lockProject(tx, id);
    if (!before) throw projectNotFound();
    const row = await updateProject(tx, id, {
      name,
      description: input.description === undefined ? before.description : input.description,
    });
    const environments = await projectEnvironmentNames(tx, id);
    await appendEvent(tx, {
      type: 'project-updated',
      createdBy: actor,
      project: id,
      data: projectData(row, environments),
      preData: projectData(before, environments),
    });
    return row;
  });
}
