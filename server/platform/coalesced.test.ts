import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced.ts';

/** A Fastify logger whose error lines are kept. */
function keptLog() {
  const lines: Array<{ msg: string; err?: { message: string } }> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  return { log: Fastify({ logger: { level: 'error', stream } }).log, lines };
}

/** A job whose runs wait until released, one at a time. */
function heldJob(failOn = -1) {
  const releases: Array<() => void> = [];
  let runs = 0;
  const job = async () => {
    const run = runs++;
    await new Promise<void>((resolve) => releases.push(resolve));
    if (run === failOn) throw new Error(`run ${run} failed`);
  };
  return { job, runs: () => runs, release: () => releases.shift()!() };
}

describe('coalesced', () => {
  it('runs at once, and once more after a run however often it was asked meanwhile', async () => {
    const { log } = keptLog();
    const held = heldJob();
    const ask = coalesced(held.job, log, 'failed');
    ask();
    expect(held.runs()).toBe(1);
    ask();
    ask();
    ask();
    expect(held.runs()).toBe(1);
    held.release();
    await expect.poll(() => held.runs()).toBe(2);
    held.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.runs()).toBe(2);
    ask(); // idle again: runs at once
    expect(held.runs()).toBe(3);
    held.release();
  });

  it('logs a failed run, and still runs the ask that came meanwhile', async () => {
    const { log, lines } = keptLog();
    const held = heldJob(0);
    const ask = coalesced(held.job, log, 'the job failed');
    ask();
    ask();
    held.release();
    await expect.poll(() => held.runs()).toBe(2);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'the job failed', err: expect.objectContaining({ message: 'run 0 failed' }) }),
    ]);
    held.release();
  });
});
