import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { assertPathId, requireEnvironment } from '../environments/service.ts';
import { bumpToggleVersions, projectEnvironmentNames } from '../environments/store.ts';
import { appendEvent } from '../platform/events/store.ts';
import { potentiallyStale } from '../feature-types/types.ts';
import { featureOverviews } from '../features/service.ts';
import { listFeatures, type FeatureRow } from '../features/store.ts';
import { ApiError, invalidOperation, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import {
  addProjectEnvironments,
  addToggleEnvironments,
  countTokensOf,
  deleteProject,
  enabledEnvironmentNames,
  findProject,
  insertProject,
  listProjects,
  lockProject,
  lockProjectToggles,
  removeProjectEnvironment,
  removeToggleEnvironments,
  updateProject,
  type ProjectRow,
} from './store.ts';

export const DEFAULT_PROJECT = 'default';
export const LAST_ENVIRONMENT = 'You must always have at least one active environment per project';

const projectNotFound = () => notFound('No project found');
const projectExists = () => nameExists('A project with this id already exists.');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Live toggles that are neither stale nor past their type's lifetime (potentially stale). */
const isHealthy = (f: FeatureRow, now: number) => !f.stale && !potentiallyStale(f.type, f.createdAt, now);

/** Percentage of live toggles that are neither stale nor past their type's lifetime (100 without toggles). */
export function health(features: FeatureRow[], now = Date.now()): number {
  if (features.length === 0) return 100;
  return Math.round((features.filter((f) => isHealthy(f, now)).length / features.length) * 100);
}

/** A project as the list shows it (GET api/admin/projects; also the answer of create and update). */
const summary = (p: ProjectRow, own: FeatureRow[]) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  createdAt: p.createdAt,
  health: health(own),
  featureCount: own.length,
  memberCount: 0,
});

/** GET api/admin/projects (and ui-bootstrap): every project with its toggle count and health. */
export async function projectList(db: Db) {
  const [projects, features] = await Promise.all([listProjects(db), listFeatures(db, { archived: false })]);
  return projects.map((p) => summary(p, features.filter((f) => f.project === p.id)));
}

async function projectSummary(db: Db, project: ProjectRow) {
  return summary(project, await listFeatures(db, { archived: false, projects: [project.id] }));
}

/** The project (404 otherwise) and its live toggles. */
async function withToggles(db: Db, id: string) {
  const project = await findProject(db, id);
  if (!project) throw projectNotFound();
  const [environments, features] = await Promise.all([
    projectEnvironmentNames(db, id),
    listFeatures(db, { archived: false, projects: [id] }),
  ]);
  return { project, environments, features };
}

/** GET api/admin/projects/{id}: Unleash's shape, plus id. */
export async function projectOverview(db: Db, id: string) {
  const { project, environments, features } = await withToggles(db, id);
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    health: health(features),
    environments,
    features: await featureOverviews(db, features),
    members: 0,
    version: 1,
  };
}

/**
 * GET api/admin/projects/{id}/health-report: the overview plus the counts (Unleash's rules: active = not stale,
 * potentially stale = not stale but older than its type's lifetime) and when the report was made (it is computed on
 * every call, so updatedAt is now).
 */
export async function healthReport(db: Db, id: string) {
  const now = Date.now();
  const { project, environments, features } = await withToggles(db, id);
  const active = features.filter((f) => !f.stale);
  return {
    version: 1,
    id: project.id,
    name: project.name,
    description: project.description,
    health: health(features, now),
    environments,
    features: await featureOverviews(db, features),
    members: 0,
    potentiallyStaleCount: active.filter((f) => potentiallyStale(f.type, f.createdAt, now)).length,
    activeCount: active.length,
    staleCount: features.length - active.length,
    updatedAt: new Date(now),
  };
}

export interface ProjectInput {
  id?: string;
  name: string;
  description?: string | null;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError('name', '"name" is not allowed to be empty', name, 'string.empty');
  return trimmed;
}

/** What events record about a project. */
const projectData = (p: ProjectRow, environments: string[]) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  environments,
});

/** POST api/admin/projects/validate: 200 when the id is usable and free. */
export async function validateProjectId(db: Db, id: string): Promise<void> {
  assertPathId('id', id);
  if (await findProject(db, id)) throw projectExists();
}

/** POST api/admin/projects: the new project gets every globally enabled environment, as in Unleash. */
export async function createProject(deps: AppDeps, actor: string, input: ProjectInput & { id: string }) {
  assertPathId('id', input.id);
  const name = checkName(input.name);
  return deps.db.transaction(async (tx) => {
    const row = await insertProject(tx, { id: input.id, name, description: input.description ?? null });
    if (!row) throw projectExists();
    const environments = await enabledEnvironmentNames(tx);
    await addProjectEnvironments(tx, row.id, environments);
    await appendEvent(tx, { type: 'project-created', createdBy: actor, project: row.id, data: projectData(row, environments) });
    return summary(row, []);
  });
}

/** PUT api/admin/projects/{id}: name and description (the id cannot change). */
export async function editProject(deps: AppDeps, actor: string, id: string, input: ProjectInput) {
  if (input.id !== undefined && input.id !== id) {
    throw validationError('id', `"id" must be ${id}: a project id can not be changed`, input.id);
  }
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
    return projectSummary(tx, row);
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
      throw invalidOperation(
        `You can not delete project ${id}: it still has ${plural(toggles.length, 'feature toggle', 'feature toggles')} ` +
          '(archived ones included). Move or delete them first',
      );
    }
    const tokens = await countTokensOf(tx, id);
    if (tokens > 0) {
      throw invalidOperation(
        `You can not delete project ${id}: ${plural(tokens, 'API token is', 'API tokens are')} scoped to it. Delete them first`,
      );
    }
    const environments = await projectEnvironmentNames(tx, id);
    await deleteProject(tx, id);
    await appendEvent(tx, { type: 'project-deleted', createdBy: actor, project: id, data: { id }, preData: projectData(before, environments) });
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
    if (!current.includes(environment)) throw notFound(`Environment ${environment} is not enabled in project ${project}`);
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
