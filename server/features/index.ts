// What other domains may use of feature toggles: reads, the one write an SDK report makes, the per-environment
// commands a change request applies, who pinned a toggle, what the commands above the toggles (project-environments/,
// strategy-usage/, import-export/) read of them, and the changes they make to many toggles at once, each through the
// toggle rule (toggle-write.ts).
export {
  countTogglesUsingStrategy,
  strategiesUsingSegment,
  togglesInEnvironment,
  type StrategyRow,
} from './environment-strategies/store.ts';
export { checkParameters } from './environment-strategies/rules.ts';
export {
  addStrategyInstance,
  removeStrategyInstance,
  reorderStrategies,
  replaceStrategy,
  setEnabledInEnvironment,
  updateStrategy,
} from './environment-strategies/service.ts';
export {
  addEnvironmentToToggles,
  lockTogglesIn,
  removeEnvironmentFromToggles,
} from './environment-strategies/toggle-environments.ts';
export { usersWhoPinned } from './pins/store.ts';
export { liveFeatureBefore, liveFeatures, requireFeature } from './read-model.ts';
export { CLASSIC_ENV, checkName } from './rules.ts';
export { markFeaturesSeen, projectToggleNames, type FeatureRow } from './store.ts';
export { changeAuthor } from './toggle-http.ts';
export { lockToggles, type ToggleWrite } from './toggle-write.ts';
export {
  dependenciesOf,
  environmentStates,
  featureNamesTagged,
  featuresNamed,
  importToggles,
  liveFeatureNamesOf,
  strategiesIn,
  tagsOf,
  type ImportedStrategy,
  type ImportedToggle,
} from './toggles/import-export.ts';
export { featureOverviews, servedStates, type ServedState, type ServedStrategy } from './toggles/read-model.ts';
