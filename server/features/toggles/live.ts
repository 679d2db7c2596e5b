import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import {
  LIVE_BUILD_EVENT,
  LIVE_CHANGE_REQUESTS_EVENT,
  LIVE_CHANGES_EVENT,
  type LiveChangeRequests,
} from '../../../contract/sync.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { projectsNamedSince } from '../../platform/events/store.ts';
import { CHANGE_REQUEST_EVENTS } from '../../platform/events/types.ts';
import {
  eventMessage,
  HEARTBEAT,
  startEventStream,
  writeEvent,
  type EventStream,
} from '../../platform/http/event-stream.ts';
import type { Revisions } from '../../platform/revisions/revisions.ts';
import { coalesced } from '../../platform/coalesced.ts';
import { changedToggles } from './sync.ts';

/**
 * The projects whose change requests changed after revision `since` (undefined: not known, no project is named), as of
 * `revision`.
 */
async function changedChangeRequests(db: Db, since: number | undefined, revision: number): Promise<LiveChangeRequests> {
  if (since === undefined) return { revision };
  const named = projectsNamedSince(db, since, CHANGE_REQUEST_EVENTS).as('named');
  const rows = await db.selectDistinct({ project: named.project }).from(named).orderBy(asc(named.project));
  return { revision, projects: rows.map((row) => row.project!) };
}

/**
 * The open consoles' event streams (GET api/admin/sync/stream). After every revision bump (our changes, and other
 * processes' heard by LISTEN) what changed is read once for all of them and the same messages are written to every
 * stream: toggles changed, change requests changed (either, both, or none when neither did); changes arriving while
 * it is read make one more round. A reader that does not keep up is dropped. They count
 * against STREAMING_MAX_CONNECTIONS apart from the SDKs' streams; past it a stream ends at once (the console retries).
 */
export class ConsoleStreams {
  readonly #deps: AppDeps;
  /** Sent on connecting: the console build this server serves (none without a built console). */
  readonly #hello: Buffer | undefined;
  readonly #streams = new Set<EventStream>();
  /** The revision of the last message (undefined until one is sent: the first tells the revision only). */
  #announced: number | undefined;
  #closed = false;
  readonly #stopListening: () => void;
  readonly #heartbeat: NodeJS.Timeout;

  constructor(deps: AppDeps, revisions: Revisions, build: string | undefined, log: FastifyBaseLogger) {
    this.#deps = deps;
    this.#hello = build === undefined ? undefined : eventMessage(LIVE_BUILD_EVENT, JSON.stringify(build));
    const announce = coalesced(
      () => this.#announce(),
      log,
      'the consoles could not be told of a change; told at the next one',
    );
    this.#stopListening = revisions.onBump(announce);
    this.#heartbeat = setInterval(
      () => this.#streams.forEach((s) => writeEvent(s, HEARTBEAT)),
      deps.config.streaming.heartbeatMs,
    );
    this.#heartbeat.unref();
  }

  /** Holds the console's stream open, or ends it at once when this process is closing or holds its maximum. */
  open(reply: FastifyReply): void {
    reply.hijack();
    const stream = startEventStream(reply.raw);
    if (this.#closed || this.#streams.size >= this.#deps.config.streaming.maxConnections) {
      stream.response.end();
      return;
    }
    this.#streams.add(stream);
    stream.response.on('close', () => this.#streams.delete(stream));
    if (this.#hello) writeEvent(stream, this.#hello);
  }

  /** Ends every stream (the app is closing); consoles reconnect to another process or when this one is back. */
  close(): void {
    this.#closed = true;
    this.#stopListening();
    clearInterval(this.#heartbeat);
    for (const stream of this.#streams) stream.response.end();
  }

  /** Reads what changed since the last round and tells every stream (changes meanwhile: one more round). */
  async #announce(): Promise<void> {
    if (this.#streams.size === 0 || this.#closed) return;
    const since = this.#announced;
    const toggles = await changedToggles(this.#deps.db, since);
    if (toggles.revision === since) return;
    this.#announced = toggles.revision;
    const requests = await changedChangeRequests(this.#deps.db, since, toggles.revision);
    // A list named is what changed (an empty one: nothing); none named: not known, anything may have changed.
    const messages: Buffer[] = [];
    if (toggles.features?.length !== 0) {
      messages.push(eventMessage(LIVE_CHANGES_EVENT, JSON.stringify(toggles), toggles.revision));
    }
    if (requests.projects?.length !== 0) {
      messages.push(eventMessage(LIVE_CHANGE_REQUESTS_EVENT, JSON.stringify(requests), requests.revision));
    }
    for (const stream of this.#streams) messages.forEach((message) => writeEvent(stream, message));
  }
}
