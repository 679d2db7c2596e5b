import { LAST_ENVIRONMENT } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { writeGrant, type Grantee } from '../platform/access/project-grants.ts';
import { OWNER_ROLE, PROJECT_ROLES } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import {
  assertPathId,
  bumpToggleVersions,
  projectEnvironmentNames,
  requireEnvironment,
} from '../environments/index.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, invalidOperation, notFound } from '../platform/http/errors.ts';
import { findProject, type ProjectRow } from './read-model.ts';
import { checkIdOfPath, checkName, DEFAULT_PROJECT, plural, projectIdTaken, projectNotFound } from './rules.ts';
import {
  addProjectEnvironments,
  addToggleEnvironments,
  countTokensOf,
  deleteProject,
  enabledEnvironmentNames,
  insertProject,
  lockProject,
  lockProjectToggles,
  removeProjectEnvironment,
  removeToggleEnvironments,
  updateProject,
} from './store.ts';
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

/**
 * DELETE api/admin/projects/{id}. Refused for the default project, for a project that still has toggles (archived
 * ones too: they belong to it until deleted for good) and for one that API tokens are scoped to (they would grant
 * access to a later project of the same id).
 */
export async function removeProject(deps: AppDeps, actor: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockProject(tx, id);
    if (!before) throw projectNotFound();
    if (id === DEFAULT_PROJECT) throw invalidOperation('You can not delete the default project');
    const toggles = await lockProjectToggles(tx, id);
    if (toggles.length > 0) {
      const count = plural(toggles.length, 'feature toggle', 'feature toggles');
      throw invalidOperation(
        `You can not delete project ${id}: it still has ${count} (archived ones included). Move or delete them first`,
      );
    }
    const tokens = await countTokensOf(tx, id);
    if (tokens > 0) {
      const scoped = plural(tokens, 'API token is', 'API tokens are');
      throw invalidOperation(`You can not delete project ${id}: ${scoped} scoped to it. Delete them first`);
    }
    const environments = await projectEnvironmentNames(tx, id);
    await deleteProject(tx, id);
    await appendEvent(tx, {
      type: 'project-deleted',
      createdBy: actor,
      project: id,
      data: { id },
      preData: projectData(before, environments),
    });
  });
}

/** Locks the project and checks the environment of a project environment change (404 for either). */
async function lockProjectAndEnvironment(tx: Db, project: string, environment: string) {
  if (!(await lockProject(tx, project))) throw projectNotFound();
  await requireEnvironment(tx, environment);
  return projectEnvironmentNames(tx, project);
}

/**
 * POST api/admin/projects/{id}/environments: enables the environment in the project; every toggle of the project
 * gets a (disabled) state there, without strategies.
 */
export async function addEnvironmentToProject(deps: AppDeps, actor: string, project: string, environment: string) {
  await deps.db.transaction(async (tx) => {
    const current = await lockProjectAndEnvironment(tx, project, environment);
    if (current.includes(environment)) {
      throw new ApiError(409, 'NameExistsError', `Environment ${environment} is already enabled in project ${project}`);
    }
    await addProjectEnvironments(tx, project, [environment]);
    const added = await addToggleEnvironments(tx, await lockProjectToggles(tx, project), environment);
    await bumpToggleVersions(tx, added);
    await appendEvent(tx, {
      type: 'project-environment-added',
      createdBy: actor,
      project,
      environment,
      data: { project, environment, addedToToggles: added },
    });
  });
}

/**
 * DELETE api/admin/projects/{id}/environments/{env}: refused for the project's last environment. Removing deletes the
 * state and the strategies of the project's toggles in that environment.
 */
export async function removeEnvironmentFromProject(deps: AppDeps, actor: string, project: string, environment: string) {
  await deps.db.transaction(async (tx) => {
    const current = await lockProjectAndEnvironment(tx, project, environment);
    if (!current.includes(environment))
      throw notFound(`Environment ${environment} is not enabled in project ${project}`);
    if (current.length === 1) throw invalidOperation(LAST_ENVIRONMENT);
    await removeProjectEnvironment(tx, project, environment);
    const removed = await removeToggleEnvironments(tx, await lockProjectToggles(tx, project), environment);
    await bumpToggleVersions(tx, removed.toggles);
    await appendEvent(tx, {
      type: 'project-environment-removed',
      createdBy: actor,
      project,
      environment,
      data: {
        project,
        environment,
        removedFromToggles: removed.toggles,
        strategiesDeleted: removed.strategiesDeleted,
      },
    });
  });
}
