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
 * serves a built console): the build's id. `toggles-changed` (its `id` the revision): after changes, the toggles they
 * named, or only the revision when they were many or changed every toggle; the console then syncs `since` its own.
 */
export const LIVE_BUILD_EVENT = 'console-build';
export const LIVE_CHANGES_EVENT = 'toggles-changed';
export interface LiveChanges {
  revision: number;
  features?: string[];
}
