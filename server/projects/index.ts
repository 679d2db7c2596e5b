// What other domains may use of projects: reads, the summary shape, the update command, the path's project, the
// environments a project has with their change-request settings, the roles users hold in projects, and the parts of
// its deletion.
export {
  changeRequestSettings,
  environmentsRequiringChangeRequests,
  lockChangeRequestSetting,
  setChangeRequestSetting,
  type ChangeRequestSetting,
} from './change-request-settings.ts';
export { grantData, lockGrants, removeGrant, writeGrant, type Grantee } from './grants.ts';
export { knownPathProject } from './path-project.ts';
export {
  listProjectIds,
  listProjects,
  memberCount,
  memberCounts,
  projectEnvironmentNames,
  projectExists,
  projectGrants,
  projectRolesOf,
  requireProject,
  type ProjectRow,
} from './read-model.ts';
export { DEFAULT_PROJECT, plural, projectNotFound } from './rules.ts';
export { editProject } from './service.ts';
export {
  addProjectEnvironments,
  deleteProject,
  lockProject,
  projectsUsing,
  removeProjectEnvironment,
} from './store.ts';
export { projectData, projectSummary } from './views.ts';
