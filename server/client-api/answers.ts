import type { ClientFeature } from '../../contract/client-api.ts';
import type { ApiTokenRow } from '../api-tokens/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Revisions } from '../platform/revisions/revisions.ts';
import { serializeClientFeature, serializeClientFeatures } from './serializers.ts';
import { changedClientFeatures, scopeQuery, serializedClientFeatures, type ClientQuery } from './service.ts';
import { snapshotsOf, type ClientState, type Snapshot, type SnapshotBody } from './snapshots.ts';
import { clientFeaturesBody, patchedAnswer } from './views.ts';

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
  const scope = { ...filter, inlineSegments };
  /** `previous` with the toggles changed since it was read; undefined when it cannot be told safely. */
  const patch = async (deps: AppDeps, previous: Snapshot): Promise<SnapshotBody | undefined> => {
    if (previous.committed === undefined) return undefined;
    const read = await changedClientFeatures(deps, scope, serializeClientFeature, previous.committed, previous.places);
    if (!read) return undefined;
    // With segments listed apart, the list follows the toggles that name them: such a change is read whole.
    if (!inlineSegments && [...read.changed.keys()].some((name) => namesSegments(previous.feature(name)))) {
      return undefined;
    }
    const answer = patchedAnswer(
      { body: previous.encoded.identity!, features: previous.places, list: previous.list },
      read.changed,
      read.before,
    );
    if (!answer) return undefined;
    const { eventId, committed } = read;
    const patches = { previous, changed: new Set(read.changed.keys()) };
    return { ...answer, segments: previous.segments, eventId, committed, patches };
  };
  return {
    key: JSON.stringify([echo, inlineSegments]),
    /**
     * Reads and serializes the answer (toggle by toggle, spliced into the envelope), or, given the previous
     * snapshot, only the toggles changed since, spliced into its bytes.
     */
    read: async (deps: AppDeps, previous?: Snapshot): Promise<SnapshotBody> => {
      const patched = previous && (await patch(deps, previous));
      if (patched) return patched;
      const read = await serializedClientFeatures(deps, scope, serializeClientFeature);
      const segments = inlineSegments ? {} : { segments: read.segments };
      const envelope = serializeClientFeatures({ version: 2, features: [], query: echo, ...segments });
      const { eventId, committed } = read;
      return { ...clientFeaturesBody(envelope, read.batches), segments: read.segments, eventId, committed };
    },
  };
}

/** Whether a toggle's JSON names segments (by id: segments listed apart). */
const namesSegments = (json: Buffer | undefined) =>
  json !== undefined &&
  (JSON.parse(json.toString('utf8')) as ClientFeature).strategies.some((s) => (s.segments?.length ?? 0) > 0);

/** The current snapshot of an answer: kept, patched or read now (concurrent readers share one read). */
export function currentSnapshot(deps: AppDeps, revisions: Revisions, answer: ReturnType<typeof clientAnswer>) {
  return snapshotsOf(revisions).get(answer.key, (previous) => answer.read(deps, previous));
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
