// What other domains may use of projects: reads, the summary shape, the update command and the path's project.
export { listProjectIds, listProjects, projectExists, requireProject, type ProjectRow } from './read-model.ts';
export { knownPathProject } from './path-project.ts';
export { editProject } from './service.ts';
export { projectSummary } from './views.ts';
