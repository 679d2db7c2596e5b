// What other domains may use of feature toggles: reads, the one write an SDK report makes, what the commands above
// the toggles (project-environments/, strategy-usage/, import-export/) read of them, and the changes they make to
// many toggles at once, each through the toggle rule (toggle-write.ts).
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
} from './import-export.ts';
export { featureOverviews, liveFeatures, servedStates, type ServedState, type ServedStrategy } from './read-model.ts';
export { CLASSIC_ENV, checkName } from './rules.ts';
export { checkParameters } from './strategy-rules.ts';
export {
  countTogglesUsingStrategy,
  markFeaturesSeen,
  projectToggleNames,
  strategiesUsingSegment,
  togglesInEnvironment,
  type FeatureRow,
  type StrategyRow,
} from './store.ts';
export { addEnvironmentToToggles, lockTogglesIn, removeEnvironmentFromToggles } from './toggle-environments.ts';
export { lockToggles } from './toggle-write.ts';
