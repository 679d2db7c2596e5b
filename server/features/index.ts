// What other domains may use of feature toggles: reads, and the one write an SDK report makes.
export { featureOverviews, liveFeatures, servedStates, type ServedState, type ServedStrategy } from './read-model.ts';
export { CLASSIC_ENV } from './rules.ts';
export { markFeaturesSeen, type FeatureRow } from './store.ts';
