// What other parts may use of project access: the roles a user holds (the access check) and member counts.
export { memberCount, memberCounts, projectRolesOf } from './read-model.ts';
