/**
 * A real HTTP server on loopback for the tests of what the server sends out (addon deliveries, push notifications):
 * it hands each request to its reader, answers it with the planned statuses, and lets a test wait for requests.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** One request as it arrived. */
export interface LoopbackRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Loopback {
  url: string;
  /** The statuses of the next answers, in order; once used up every answer is the usual one. */
  answerWith(...statuses: number[]): void;
  /** Resolves once `count` requests (in all, as `arrived` counts them) have arrived; rejects after `withinMs`. */
  waitFor(count: number, withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server. `read` takes each request before it is answered; `arrived` counts the requests so far (a test
 * may forget some); `status` is the usual answer; `name` says what it stands for in a timeout's message.
 */
export async function startLoopback(options: {
  name: string;
  status: number;
  read(request: LoopbackRequest): void;
  arrived(): number;
}): Promise<Loopback> {
  let planned: number[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      options.read({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(planned.shift() ?? options.status).end();
      for (const check of waiting) check();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    answerWith: (...statuses) => {
      planned = statuses;
    },
    waitFor: (count, withinMs = 60_000) =>
      new Promise((done, fail) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          fail(new Error(`${options.name} got ${options.arrived()} of ${count} requests within ${withinMs} ms`));
        }, withinMs);
        const check = () => {
          if (options.arrived() < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          done();
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
