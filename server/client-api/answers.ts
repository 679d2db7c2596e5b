import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ClientSegment } from '../../contract/segments.ts';
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
  /** The answer's envelope without toggles: its segments are listed unless they are inlined. */
  const envelope = (segments: ClientSegment[]) =>
    serializeClientFeatures({ version: 2, features: [], query: echo, ...(inlineSegments ? {} : { segments }) });
  /** `previous` with the toggles changed since it was read; undefined when it cannot be told safely. */
  const patch = async (deps: AppDeps, previous: Snapshot): Promise<SnapshotBody | undefined> => {
    if (previous.committed === undefined) return undefined;
    const read = await changedClientFeatures(deps, scope, serializeClientFeature, previous.committed, previous);
    if (!read) return undefined;
    const { changed, before, segments, uses, eventId, committed } = read;
    await nextTurn(); // the read's last statement ran in this turn: splicing 6 MB waits for the next
    const bytes = { body: previous.encoded.identity!, features: previous.places, list: previous.list };
    const answer = patchedAnswer(bytes, changed, before, envelope(segments));
    if (!answer) return undefined;
    const patches = { previous, changed: new Set(changed.keys()) };
    return { ...answer, ...listed(segments), uses, eventId, committed, patches };
  };
  /** The segments an answer lists, and those its toggles name. */
  const listed = (named: ClientSegment[]) => ({ segments: inlineSegments ? [] : named, named });
  return {
    key: JSON.stringify([echo, inlineSegments]),
    /**
     * Reads and serializes the answer (toggle by toggle, spliced into the envelope), or, given the previous
     * snapshot, only the toggles changed since, spliced into its bytes.
     */
    read: async (deps: AppDeps, previous?: Snapshot): Promise<SnapshotBody> => {
      const patched = previous && (await patch(deps, previous));
      if (patched) return patched;
      const { batches, segments, uses, eventId, committed } = await serializedClientFeatures(
        deps,
        scope,
        serializeClientFeature,
      );
      return { ...clientFeaturesBody(envelope(segments), batches), ...listed(segments), uses, eventId, committed };
    },
  };
}

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
