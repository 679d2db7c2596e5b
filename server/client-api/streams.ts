import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { tokenExpiries, TOKENS_CHANGE } from '../api-tokens/index.ts';
import type { StreamingConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import {
  eventMessage,
  HEARTBEAT,
  startEventStream,
  writeEvent,
  type EventStream,
} from '../platform/http/event-stream.ts';
import { mayHaveChanged, type Revisions } from '../platform/revisions/revisions.ts';
import { coalesced } from '../platform/coalesced.ts';
import { currentSnapshot, type clientAnswer } from './answers.ts';
import { deltaBase, deltaBody, hydration, type DeltaHistory } from './delta.ts';
import type { Snapshot } from './snapshots.ts';

// The streaming API (GET api/client/streaming, Unleash's protocol as the SDKs speak it): a text/event-stream that
// opens with `unleash-connected` (the delta API's hydration) and then sends `unleash-updated` (the delta API's
// events) after each change. Every message's `id` is the state's ETag, as the delta API's revision id: a reconnect
// with `Last-Event-ID` gets the events since that state when this process remembers it, else a hydration.

type Answer = ReturnType<typeof clientAnswer>;

/**
 * The API token a stream was opened with: the stream ends when the token is deleted or expires. `since`: the
 * revision when the request came, before its token was read.
 */
export interface StreamToken {
  secret: string;
  expiresAt: Date | null;
  since: number;
}

/** One SDK's open stream: its answer, the state it has been sent, and its token. */
interface Stream extends EventStream {
  served: Snapshot;
  token: StreamToken;
}

/** The streams of one answer key (token scope and query): a change is built and encoded once for all of them. */
interface Scope {
  key: string;
  streams: Set<Stream>;
  /** Sends the streams the current state; asked again while it reads, it reads once more. */
  refresh: () => void;
}

/** Sent instead of a stream when this process holds its maximum: the SDK falls back to polling. */
const POLL_INSTEAD = 'event: fetch-mode\ndata: polling\n\n';
/** How many SDKs told to poll are remembered, to be asked back to streaming (the oldest forgotten first). */
const KEPT_POLLING = 10_000;

/** One message of the stream, its id the state's ETag. */
const message = (event: string, snapshot: Snapshot, body: Buffer) => eventMessage(event, body, snapshot.etag);

/**
 * The open streams of an app. After every revision bump (our changes, and other processes' heard by LISTEN) each
 * scope with streams reads its snapshot once (shared with the other client routes) and writes one message to every
 * stream of it; a reader that does not keep up is dropped, never buffered for. The tokens of the streams are read
 * after a bump that may have changed tokens: a deleted token's streams end, as do an expired one's (checked with
 * every heartbeat).
 */
export class ClientStreams {
  readonly #deps: AppDeps;
  readonly #revisions: Revisions;
  readonly #deltas: DeltaHistory;
  readonly #log: FastifyBaseLogger;
  readonly #config: StreamingConfig;
  readonly #scopes = new Map<string, Scope>();
  /** Streams held or being opened, counted against the maximum. */
  #count = 0;
  /** The connection ids (Unleash-Connection-Id) of SDKs told to poll, oldest first. */
  readonly #polling = new Set<string>();
  /** Reads the streams' tokens; asked again while it reads, it reads once more. */
  readonly #checkTokens: () => void;
  /** The revision of the last bump that may have changed tokens. */
  #tokensChangedAt = 0;
  #closed = false;
  readonly #stopListening: () => void;
  readonly #heartbeat: NodeJS.Timeout;

  constructor(deps: AppDeps, revisions: Revisions, deltas: DeltaHistory, log: FastifyBaseLogger) {
    this.#deps = deps;
    this.#revisions = revisions;
    this.#deltas = deltas;
    this.#log = log;
    this.#config = deps.config.streaming;
    this.#checkTokens = coalesced(
      () => this.#readTokens(),
      log,
      'the client streams could not read their tokens; read at the next change',
    );
    this.#stopListening = revisions.onBump((changed) => {
      for (const scope of this.#scopes.values()) scope.refresh();
      if (!mayHaveChanged(changed, TOKENS_CHANGE)) return;
      this.#tokensChangedAt = revisions.current;
      if (this.#scopes.size > 0) this.#checkTokens();
    });
    this.#heartbeat = setInterval(() => this.#beat(), this.#config.heartbeatMs).unref();
  }

  /**
   * Opens a stream of that answer once `current` has read its snapshot (its errors, such as an unknown environment,
   * are answered as on any route), or tells the SDK to poll when this process holds its maximum. `current` resolves
   * undefined when the client has gone. `sdk`: the SDK's Last-Event-ID and Unleash-Connection-Id headers.
   */
  async open(
    reply: FastifyReply,
    answer: Answer,
    token: StreamToken,
    current: () => Promise<Snapshot | undefined>,
    sdk: { lastId?: string; connectionId?: string },
  ) {
    const response = reply.raw;
    if (this.#closed || this.#count >= this.#config.maxConnections) {
      reply.hijack();
      // A closing process only ends the stream: the SDK reconnects, to another process or to this one restarted.
      startEventStream(response).response.end(this.#closed ? undefined : POLL_INSTEAD);
      if (!this.#closed && sdk.connectionId) this.#rememberPolling(sdk.connectionId);
      return;
    }
    this.#count += 1;
    let snapshot: Snapshot | undefined;
    try {
      snapshot = await current();
    } catch (error) {
      this.#count -= 1;
      throw error;
    }
    reply.hijack();
    if (!snapshot || response.destroyed || this.#closed) {
      this.#count -= 1;
      if (!response.destroyed) startEventStream(response).response.end();
      return;
    }
    const { lastId } = sdk;
    const known = lastId === undefined ? undefined : this.#deltas.find(answer.key, lastId);
    this.#deltas.remember(answer.key, snapshot);
    let opening: Buffer | undefined;
    if (!known) opening = message('unleash-connected', snapshot, hydration(snapshot).encoded.identity!);
    else if (lastId !== snapshot.etag) opening = message('unleash-updated', snapshot, deltaBody(known, snapshot));
    const scope = this.#scopeOf(answer);
    const stream: Stream = { ...startEventStream(response, opening?.length), served: snapshot, token };
    scope.streams.add(stream);
    response.on('close', () => this.#remove(scope, stream));
    if (opening) writeEvent(stream, opening);
    // A change committed while the snapshot was read may not have been sent to this scope yet.
    if (snapshot.revision !== this.#revisions.current) scope.refresh();
    // A token changed since the request came may have been this one, read before the change.
    if (this.#tokensChangedAt > token.since) this.#checkTokens();
  }

  /**
   * Whether an SDK this process told to poll may stream again, now that it holds fewer streams than its maximum:
   * asked on a changed api/client/features answer, which then says so (`fetch-mode: streaming`), once. Other SDKs
   * are never asked: a polling SDK may have been set up to poll.
   */
  mayStreamAgain(connectionId: string | undefined): boolean {
    if (connectionId === undefined || !this.#polling.has(connectionId)) return false;
    if (this.#closed || this.#count >= this.#config.maxConnections) return false;
    this.#polling.delete(connectionId);
    return true;
  }

  /** Ends every stream (the app is closing); SDKs reconnect to another process or when this one is back. */
  close(): void {
    this.#closed = true;
    this.#stopListening();
    clearInterval(this.#heartbeat);
    for (const scope of this.#scopes.values()) for (const stream of scope.streams) stream.response.end();
  }

  #scopeOf(answer: Answer): Scope {
    let scope = this.#scopes.get(answer.key);
    if (!scope) {
      const streams = new Set<Stream>();
      const refresh = coalesced(
        () => this.#refresh(answer, streams),
        this.#log,
        'the client streams could not read the new state; sent at the next change',
      );
      scope = { key: answer.key, streams, refresh };
      this.#scopes.set(answer.key, scope);
    }
    return scope;
  }

  #rememberPolling(connectionId: string) {
    this.#polling.delete(connectionId);
    this.#polling.add(connectionId);
    if (this.#polling.size > KEPT_POLLING) this.#polling.delete(this.#polling.values().next().value!);
  }

  #remove(scope: Scope, stream: Stream) {
    if (!scope.streams.delete(stream)) return;
    this.#count -= 1;
    if (scope.streams.size === 0 && this.#scopes.get(scope.key) === scope) this.#scopes.delete(scope.key);
  }

  /** Reads the answer's current snapshot and sends it to its streams. */
  async #refresh(answer: Answer, streams: Set<Stream>): Promise<void> {
    if (streams.size === 0 || this.#closed) return;
    this.#publish(answer.key, streams, await currentSnapshot(this.#deps, this.#revisions, answer));
  }

  /** Sends each stream the events from its state to the snapshot's: one message per distinct state (usually one). */
  #publish(key: string, streams: Set<Stream>, snapshot: Snapshot) {
    const messages = new Map<string, Buffer>();
    for (const stream of streams) {
      if (stream.served.revision > snapshot.revision) continue; // opened on a newer state than this one
      if (stream.served.etag !== snapshot.etag) {
        let update = messages.get(stream.served.etag);
        if (!update) {
          update = message('unleash-updated', snapshot, deltaBody(deltaBase(stream.served), snapshot));
          messages.set(stream.served.etag, update);
        }
        writeEvent(stream, update);
      }
      stream.served = snapshot;
    }
    if (messages.size > 0) this.#deltas.remember(key, snapshot);
  }

  /** Reads the tokens of every stream at once, then ends the streams of tokens deleted or expired since. */
  async #readTokens(): Promise<void> {
    if (this.#closed) return;
    const streams = [...this.#scopes.values()].flatMap((scope) => [...scope.streams]);
    const expiries = await tokenExpiries(this.#deps.db, [...new Set(streams.map((s) => s.token.secret))]);
    for (const stream of streams) {
      const expiresAt = expiries.get(stream.token.secret);
      if (expiresAt === undefined) stream.response.end();
      else stream.token.expiresAt = expiresAt;
    }
    this.#endExpired();
  }

  #endExpired() {
    const now = Date.now();
    for (const scope of this.#scopes.values()) {
      for (const stream of scope.streams) {
        const expiresAt = stream.token.expiresAt;
        if (expiresAt && expiresAt.getTime() <= now) stream.response.end();
      }
    }
  }

  #beat() {
    this.#endExpired();
    for (const scope of this.#scopes.values()) for (const stream of scope.streams) writeEvent(stream, HEARTBEAT);
  }
}
