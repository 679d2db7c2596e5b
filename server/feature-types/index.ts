// What other domains may use of the feature toggle types.
export { FEATURE_TYPE_IDS, FEATURE_TYPES, potentiallyStale, type FeatureType } from './types.ts';
