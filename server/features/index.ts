// What other domains may use of feature toggles: reads, the one write an SDK report makes, what the commands above
// the toggles (project-environments/, strategy-usage/) read and change of them, and both sides of an import.
export {
  dependenciesOf,
  environmentStates,
  featureNamesTagged,
  featuresNamed,
  insertToggle,
  liveFeatureNamesOf,
  lockFeatures,
  replaceDependencies,
  replaceStrategies,
  replaceTags,
  setEnabled,
  strategiesIn,
  tagsOf,
  updateToggle,
  type ImportedStrategy,
  type ToggleFields,
} from './import-export.ts';
export { featureOverviews, liveFeatures, servedStates, type ServedState, type ServedStrategy } from './read-model.ts';
export { CLASSIC_ENV, checkName } from './rules.ts';
export { checkParameters } from './strategy-rules.ts';
export {
  addToggleEnvironments,
  bumpToggleVersions,
  countStrategiesIn,
  countTogglesUsingStrategy,
  lockProjectToggles,
  markFeaturesSeen,
  removeToggleEnvironments,
  strategiesUsingSegment,
  togglesInEnvironment,
  type FeatureRow,
  type StrategyRow,
} from './store.ts';
