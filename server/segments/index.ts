/**
 * What other domains may use of segments: reading them, and the pieces of the commands that depend on the strategies
 * using a segment (strategy-usage/) or create segments in another command's transaction (an import).
 */
export { listSegments, segmentsByIds, type SegmentRow } from './read-model.ts';
export { otherProjects } from './rules.ts';
export {
  addSegment,
  lockExistingSegment,
  removeLockedSegment,
  replaceSegment,
  requireSegment,
  segmentData,
} from './service.ts';
export { segmentView } from './views.ts';
