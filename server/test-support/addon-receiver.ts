/** A real HTTP receiver on loopback for the addon delivery tests: it records every request and answers as told. */
import type { IncomingHttpHeaders } from 'node:http';
import { startLoopback } from './loopback.ts';

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
  const loopback = await startLoopback({
    name: 'the receiver',
    status: 200,
    read: ({ path, headers, body }) => received.push({ path, headers, body: body.toString() }),
    arrived: () => received.length,
  });
  return {
    url: loopback.url,
    received,
    answerWith: loopback.answerWith,
    waitFor: async (count, withinMs) => {
      await loopback.waitFor(count, withinMs);
      return received.slice(0, count);
    },
    close: loopback.close,
  };
}
