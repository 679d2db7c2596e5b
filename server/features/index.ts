// What other domains may use of feature toggles: reads, and the one write an SDK report makes.
export { featureOverviews, liveFeatures, servedStates, type ServedState, type ServedStrategy } from './read-model.ts';
export { CLASSIC_ENV, checkName } from './rules.ts';
export { checkParameters } from './strategy-rules.ts';
export { markFeaturesSeen, type FeatureRow } from './store.ts';
