import { connect } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { startServer } from '../../test-support/harness.ts';

it('closing the app ends a connection that never sent a request, instead of waiting for its header timeout', async () => {
  const server = await startServer();
  const spare = connect(Number(new URL(server.url).port), '127.0.0.1');
  await once(spare, 'connect');
  const ended = once(spare, 'close');
  // Node would hold the close for its 60 s header timeout; half of that is far beyond any busy machine's close.
  const outcome = await Promise.race([server.close().then(() => 'closed'), sleep(30_000, 'still waiting')]);
  expect(outcome).toBe('closed');
  await ended;
});
