import type { FastifyBaseLogger } from 'fastify';

/**
 * An async job run on demand, never twice at once: asked while it runs, it runs once more when done (however often
 * it was asked meanwhile), so its last run starts after the last ask. An error is logged with `failed` and ends
 * that run only. Returns what asks for it.
 */
export function coalesced(job: () => Promise<void>, log: FastifyBaseLogger, failed: string): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    do {
      again = false;
      try {
        await job();
      } catch (error) {
        log.error({ err: error }, failed);
      }
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
