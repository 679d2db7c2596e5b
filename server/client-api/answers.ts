import type { ApiTokenRow } from '../api-tokens/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Revisions } from '../platform/revisions/revisions.ts';
import { serializeClientFeature, serializeClientFeatures } from './serializers.ts';
import { scopeQuery, serializedClientFeatures, type ClientQuery } from './service.ts';
import { snapshotsOf, type ClientState, type Snapshot, type SnapshotBody } from './snapshots.ts';
import { clientFeaturesBody } from './views.ts';

/**
 * One answer of the client API: what the caller's token sees with that query, segments inlined or not. `key`
 * names its snapshot (the echoed query decides the whole answer, the filter is made of it; the two segment forms
 * are separate snapshots).
 */
export function clientAnswer(
  token: Pick<ApiTokenRow, 'project' | 'environment'>,
  asked: ClientQuery,
  inlineSegments: boolean,
) {
  const { filter, echo } = scopeQuery(token, asked);
  return {
    key: JSON.stringify([echo, inlineSegments]),
    /** Reads and serializes the answer (toggle by toggle, spliced into the envelope). */
    read: async (deps: AppDeps): Promise<SnapshotBody> => {
      const read = await serializedClientFeatures(deps, { ...filter, inlineSegments }, serializeClientFeature);
      const segments = inlineSegments ? {} : { segments: read.segments };
      const envelope = serializeClientFeatures({ version: 2, features: [], query: echo, ...segments });
      return { ...clientFeaturesBody(envelope, read.batches), segments: read.segments, eventId: read.eventId };
    },
  };
}

/** The current snapshot of an answer: kept, or read now (concurrent readers share one read). */
export function currentSnapshot(deps: AppDeps, revisions: Revisions, answer: ReturnType<typeof clientAnswer>) {
  return snapshotsOf(revisions).get(answer.key, () => answer.read(deps));
}

/**
 * For the frontend API: what a token sees now, as objects (toggles whose strategies name their segments by id,
 * and those segments). It is the snapshot SDKs get with segments not inlined, parsed once per snapshot, so both
 * APIs evaluate the same state; `etag` changes exactly when the state does.
 */
export async function clientState(
  deps: AppDeps,
  revisions: Revisions,
  token: Pick<ApiTokenRow, 'project' | 'environment'>,
): Promise<ClientState> {
  const snapshot: Snapshot = await currentSnapshot(deps, revisions, clientAnswer(token, {}, false));
  return snapshot.state();
}
