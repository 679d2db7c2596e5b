import type { Segment } from '../../contract/segments.ts';
import type { SegmentRow } from './read-model.ts';

/** A segment as the admin API answers it (Unleash's adminSegmentSchema keys). */
export const segmentView = (s: SegmentRow): Segment => ({
  id: s.id,
  name: s.name,
  description: s.description,
  project: s.project,
  constraints: s.constraints,
  createdBy: s.createdBy,
  createdAt: s.createdAt,
});
