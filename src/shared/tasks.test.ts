import { describe, expect, it } from 'vitest';
import { inSlices } from './tasks';

describe('inSlices', () => {
  it('works through the items a slice at a time, each slice after a task the one before it let run', async () => {
    const log: string[] = [];
    await inSlices([1, 2, 3, 4, 5, 6, 7], 3, (slice) => {
      log.push(slice.join());
      // Queued now: it runs before the next slice only if that slice waits for a task of its own.
      setTimeout(() => log.push('other task'), 0);
    });
    expect(log).toEqual(['1,2,3', 'other task', '4,5,6', 'other task', '7']);
  });

  it('waits for each slice’s work before the next', async () => {
    const log: string[] = [];
    await inSlices(['a', 'b'], 1, async ([item]) => {
      log.push(`${item} started`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${item} done`);
    });
    expect(log).toEqual(['a started', 'a done', 'b started', 'b done']);
  });
});
