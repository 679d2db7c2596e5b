// What other domains may use of environments: reads, the rule for ids in paths and tokens, and the deletion.
export {
  enabledEnvironmentNames,
  environmentNotFound,
  environmentTypeOf,
  findEnvironment,
  listEnvironments,
  requireEnvironment,
  type EnvironmentRow,
} from './read-model.ts';
export { assertPathId } from './rules.ts';
export { lockForChange as lockEnvironmentForChange } from './service.ts';
export { deleteEnvironment } from './store.ts';
export { environmentResponse } from './views.ts';
