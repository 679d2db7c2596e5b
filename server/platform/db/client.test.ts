import { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../test-support/harness.ts';
import { EmbeddedPostgres } from './client.ts';

/** How many turns of the event loop other work got while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const count = async () => {
    while (running) {
      await nextTurn();
      turns += 1;
    }
  };
  const counting = count();
  await work();
  running = false;
  await counting;
  return turns;
}

describe.runIf(process.env.TEST_DB !== 'postgres')('the embedded PostgreSQL', () => {
  const opened: PGlite[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });

  /** A transaction of `statements` statements on a new database made with `Database`. */
  const transaction = async (Database: typeof PGlite, statements: number) => {
    const db = new Database({ loadDataDir: new Blob([new Uint8Array(await pgliteTemplate())]) });
    opened.push(db);
    await db.waitReady;
    return () =>
      db.transaction(async (tx) => {
        for (let i = 0; i < statements; i++) await tx.query('select $1::int as n', [i]);
      });
  };

  it("lets other work run between a transaction's statements (PGlite alone holds the loop for all of them)", async () => {
    const yielding = await transaction(EmbeddedPostgres, 20);
    expect(await turnsDuring(yielding)).toBeGreaterThanOrEqual(20);

    const holding = await transaction(PGlite, 20);
    expect(await turnsDuring(holding)).toBeLessThan(3);
  });
});
