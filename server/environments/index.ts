// What other domains may use of environments.
export { findEnvironment, projectEnvironmentNames, requireEnvironment } from './read-model.ts';
export { assertPathId } from './rules.ts';
export { bumpToggleVersions } from './store.ts';
