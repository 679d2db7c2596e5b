import { Type, type Static } from 'typebox';
import { FeatureName, ProjectFeatureReadSchema } from './features.ts';

// Wire shapes of the bulk toggle sync (ours, not Unleash 4.2's): GET api/admin/sync/features fills and refreshes
// a console's offline mirror in pages instead of one GET per toggle.

export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 1000;

/**
 * `after`: the `next` of the page before (toggles are sorted by name). `since`: the `revision` of an earlier
 * complete sync; then only toggles changed since are listed, and the first page names those deleted or archived.
 */
export const FeatureSyncQuery = Type.Object({
  after: Type.Optional(FeatureName),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_PAGE_MAX })),
  since: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type FeatureSyncRequest = Static<typeof FeatureSyncQuery>;

/**
 * One page: each live toggle as GET api/admin/projects/{p}/features/{name} answers it (with the caller's `favorite`).
 * `revision`: the newest audit event this page includes (every event up to it is in); keep the first page's and send
 * it as `since` once the last page (`next: null`) is in. `deleted`: with `since`, on the first page only.
 */
export const FeatureSyncPageSchema = Type.Object({
  version: Type.Literal(1),
  revision: Type.Integer({ minimum: 0 }),
  features: Type.Array(ProjectFeatureReadSchema),
  deleted: Type.Array(Type.String()),
  next: Type.Union([Type.String(), Type.Null()]),
});
export type FeatureSyncPage = Static<typeof FeatureSyncPageSchema>;

/**
 * GET api/admin/sync/stream (ours): an open console's event stream. `console-build` (on connecting, when the server
 * serves a built console): the build's id. After changes (each message's `id` the revision): `toggles-changed` when
 * toggles changed, with the toggles they named, or only the revision when they were many, changed every toggle, or
 * are not known (the process's first message); the console then syncs `since` its own. `change-requests-changed` when
 * change requests changed, with their projects (none named: not known, every project's); the console reads those
 * projects' requests again.
 */
export const LIVE_BUILD_EVENT = 'console-build';
export const LIVE_CHANGES_EVENT = 'toggles-changed';
export const LIVE_CHANGE_REQUESTS_EVENT = 'change-requests-changed';
export interface LiveChanges {
  revision: number;
  features?: string[];
}
export interface LiveChangeRequests {
  revision: number;
  projects?: string[];
}
