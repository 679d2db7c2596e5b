// What other parts may use of the project overview: the project list with toggle counts and health (ui-bootstrap).
export { projectList } from './read-model.ts';
