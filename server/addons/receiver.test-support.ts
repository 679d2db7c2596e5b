/** A real HTTP receiver on loopback for the addon delivery tests: it records every request and answers as told. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses of the next answers, in order; once used up every answer is 200. */
  answerWith(...statuses: number[]): void;
  /** Resolves once `count` requests (in all) have arrived; rejects after `withinMs`. */
  waitFor(count: number, withinMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let planned: number[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(planned.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
      for (const check of waiting) check();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...statuses) => {
      planned = statuses;
    },
    waitFor: (count, withinMs = 60_000) =>
      new Promise((done, fail) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          fail(new Error(`the receiver got ${received.length} of ${count} requests within ${withinMs} ms`));
        }, withinMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          done(received.slice(0, count));
        };
        waiting.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
