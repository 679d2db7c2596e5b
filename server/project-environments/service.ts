import { LAST_ENVIRONMENT } from '../../contract/projects.ts';
import { countTokensScopedTo } from '../api-tokens/index.ts';
import type { AppDeps } from '../deps.ts';
import {
  deleteEnvironment,
  environmentResponse,
  lockEnvironmentForChange,
  requireEnvironment,
} from '../environments/index.ts';
import {
  addEnvironmentToToggles,
  lockTogglesIn,
  type ToggleWrite,
  projectToggleNames,
  removeEnvironmentFromToggles,
  togglesInEnvironment,
} from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, invalidOperation, notFound } from '../platform/http/errors.ts';
import {
  addProjectEnvironments,
  DEFAULT_PROJECT,
  deleteProject,
  lockProject,
  plural,
  projectData,
  projectEnvironmentNames,
  projectNotFound,
  projectsUsing,
  removeProjectEnvironment,
} from '../projects/index.ts';

// The changes of projects and environments that reach their toggles and API tokens: an environment enabled in or
// removed from a project, and the deletion of a project or an environment. Above projects, environments, API tokens
// and toggles, which do not know each other in this direction.

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
    // The project's row is locked: no toggle is created in it or moved to it meanwhile.
    const toggles = await projectToggleNames(tx, id);
    if (toggles.length > 0) {
      const count = plural(toggles.length, 'feature toggle', 'feature toggles');
      throw invalidOperation(
        `You can not delete project ${id}: it still has ${count} (archived ones included). Move or delete them first`,
      );
    }
    const tokens = await countTokensScopedTo(tx, { project: id });
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
 * gets a (disabled) state there, without strategies (each through the toggle rule: a new version and an event).
 */
export async function addEnvironmentToProject(deps: AppDeps, write: ToggleWrite, project: string, environment: string) {
  const { actor } = write;
  await deps.db.transaction(async (tx) => {
    const current = await lockProjectAndEnvironment(tx, project, environment);
    if (current.includes(environment)) {
      throw new ApiError(409, 'NameExistsError', `Environment ${environment} is already enabled in project ${project}`);
    }
    await addProjectEnvironments(tx, project, [environment]);
    const added = await addEnvironmentToToggles(tx, write, project, environment);
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
 * state and the strategies of the project's toggles in that environment (each through the toggle rule).
 */
export async function removeEnvironmentFromProject(
  deps: AppDeps,
  write: ToggleWrite,
  project: string,
  environment: string,
) {
  const { actor } = write;
  await deps.db.transaction(async (tx) => {
    const current = await lockProjectAndEnvironment(tx, project, environment);
    if (!current.includes(environment))
      throw notFound(`Environment ${environment} is not enabled in project ${project}`);
    if (current.length === 1) throw invalidOperation(LAST_ENVIRONMENT);
    // The toggles first, while the environment's change-request setting is still there for their gate.
    const removed = await removeEnvironmentFromToggles(tx, write, { project }, environment);
    await removeProjectEnvironment(tx, project, environment);
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

/** Thrown (and caught) to roll back a deletion attempt that must start over. */
class StartOver extends Error {}
const DELETE_ATTEMPTS = 5;

/**
 * DELETE api/admin/environments/{name}: refused while API tokens are scoped to it (they would point at nothing) or it
 * is a project's only environment. Removes it from its projects, and every toggle's state and strategies in it
 * (each toggle through the toggle rule: a new version and an event).
 */
export async function removeEnvironment(deps: AppDeps, write: ToggleWrite, name: string): Promise<void> {
  const { actor } = write;
  // Lock order as in a toggle change: the toggles, then the environment. A toggle that got a state in the environment
  // between the two makes the attempt start over, so none changes without a new version.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await deps.db.transaction(async (tx) => {
        const toggles = await lockTogglesIn(tx, name);
        const before = await lockEnvironmentForChange(tx, name, 'deleted');
        const locked = new Set(toggles);
        if ((await togglesInEnvironment(tx, name)).some((t) => !locked.has(t))) throw new StartOver();
        const tokens = await countTokensScopedTo(tx, { environment: name });
        if (tokens > 0) {
          throw invalidOperation(
            `Environment ${name} is used by ${plural(tokens, 'API token', 'API tokens')}: delete them first`,
          );
        }
        const projects = await projectsUsing(tx, name);
        const alone = projects.filter((p) => p.environments === 1).map((p) => p.project);
        if (alone.length > 0) {
          const which = `${alone.length === 1 ? 'project' : 'projects'} ${alone.join(', ')}`;
          throw invalidOperation(
            `Environment ${name} is the only environment of ${which}: enable another environment there first`,
          );
        }
        const { strategiesDeleted } = await removeEnvironmentFromToggles(tx, write, { names: toggles }, name);
        await deleteEnvironment(tx, name);
        await appendEvent(tx, {
          type: 'environment-deleted',
          createdBy: actor,
          environment: name,
          data: {
            name,
            removedFromProjects: projects.map((p) => p.project),
            removedFromToggles: toggles,
            strategiesDeleted,
          },
          preData: environmentResponse(before),
        });
      });
      return;
    } catch (error) {
      if (!(error instanceof StartOver)) throw error;
      if (attempt === DELETE_ATTEMPTS) {
        throw new ApiError(
          409,
          'ConflictError',
          `Toggles kept changing in environment ${name} while deleting it: try again`,
        );
      }
    }
  }
}
