import type { ServerResponse } from 'node:http';

// A text/event-stream written on the raw socket (the reply hijacked): its head, heartbeats and writes that drop a
// reader who does not keep up instead of buffering for it.

/** An open event stream's answer. */
export interface EventStream {
  response: ServerResponse;
  /** write() returned false and the socket has not drained since: the next write drops the reader. */
  blocked: boolean;
}

/**
 * Starts an event stream's answer. Its connection closes with it (a keep-alive socket would outlive the stream and
 * hold up the server's close).
 */
export function startEventStream(response: ServerResponse): EventStream {
  response.shouldKeepAlive = false;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  return { response, blocked: false };
}

/** A comment line: proxies keep an idle stream open. */
export const HEARTBEAT = Buffer.from(':\n\n');

/** One message; `data` must hold no line break (JSON does not). */
export const eventMessage = (event: string, data: string, id?: number | string) =>
  Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`);

/** Writes to a stream, or drops its reader when what was written before has not drained. */
export function writeEvent(stream: EventStream, bytes: Buffer): void {
  const { response } = stream;
  if (response.writableEnded || response.destroyed) return;
  if (stream.blocked) {
    response.destroy();
    return;
  }
  if (!response.write(bytes)) {
    stream.blocked = true;
    response.once('drain', () => {
      stream.blocked = false;
    });
  }
}
