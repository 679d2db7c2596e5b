/** What other domains may use of segments: reading them. */
export { listSegments, segmentIdsOfStrategies, segmentsByIds, type SegmentRow } from './read-model.ts';
