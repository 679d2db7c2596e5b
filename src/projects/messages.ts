/** The projects area's texts, verbatim. */
export const PROJECT_DELETED = 'Successfully deleted project';
export const NAME_EMPTY = 'Name can not be empty.';
export const NO_PROJECTS = 'No projects available.';
export const FETCH_PROJECTS_FAILED = 'Error fetching projects';
export const FETCH_PROJECT_FAILED = 'Could not fetch project';
export const CREATE_PROJECT_DENIED = 'You do not have permission to create new projects';
