import type { ServerResponse } from 'node:http';

// A text/event-stream written on the raw socket (the reply hijacked): its head, heartbeats and writes that drop a
// reader who does not keep up instead of buffering for it.

/** What a reader may leave unread in its socket's buffer (beyond a stream's opening message) before it is dropped. */
const MAX_UNREAD = 1024 * 1024;

/** An open event stream's answer. */
export interface EventStream {
  response: ServerResponse;
  /** The reader is dropped when a write would leave more than this many bytes waiting in its socket's buffer. */
  unreadLimit: number;
}

/**
 * Starts an event stream's answer: only what a reader needs (no compression, no caching). Its connection closes
 * with it (a keep-alive socket would outlive the stream and hold up the server's close). `opening`: the size of a
 * first message that may wait unread on top of the usual allowance (a hydration may be megabytes).
 */
export function startEventStream(response: ServerResponse, opening = 0): EventStream {
  response.shouldKeepAlive = false;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  // Sent now: a stream resumed at the current state has nothing to say until the next change or heartbeat.
  response.flushHeaders();
  return { response, unreadLimit: opening + MAX_UNREAD };
}

/** A comment line: proxies keep an idle stream open. */
export const HEARTBEAT = Buffer.from(':\n\n');

/** One message; `data` must hold no line break (JSON does not). */
export const eventMessage = (event: string, data: string | Buffer, id?: number | string) =>
  Buffer.concat([
    Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: `),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from('\n\n'),
  ]);

/** Writes to a stream, or drops its reader when that would leave more than it may leave unread. */
export function writeEvent(stream: EventStream, bytes: Buffer): void {
  const { response } = stream;
  if (response.writableEnded || response.destroyed) return;
  if (response.writableLength + bytes.length > stream.unreadLimit) response.destroy();
  else response.write(bytes);
}
