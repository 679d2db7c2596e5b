import type { AuditEvent } from '../../contract/events.ts';
import { diff } from '../platform/events/diff.ts';
import type { EventRow } from '../platform/events/store.ts';

/** An event as the API shows it: Unleash's fields plus featureName and preData; diffs go from preData to data. */
export const eventView = (e: EventRow): AuditEvent => ({
  id: e.id,
  type: e.type,
  createdBy: e.createdBy,
  createdAt: e.createdAt.toISOString(),
  data: e.data,
  preData: e.preData,
  tags: e.tags,
  featureName: e.featureName,
  project: e.project,
  environment: e.environment,
  diffs: e.data != null && e.preData != null ? diff(e.preData, e.data) : null,
});
