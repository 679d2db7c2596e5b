import { describe, expect, it } from 'vitest';
import { completionText, stageRows } from './lifecycle';

describe('stageRows', () => {
  it('lists every stage in order, with those entered, the highest-ranked current', () => {
    const rows = stageRows([
      { stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' },
      { stage: 'live', enteredStageAt: '2026-01-03T00:00:00.000Z' },
    ]);
    expect(rows.map((r) => [r.stage, r.entered?.enteredStageAt ?? null, r.current])).toEqual([
      ['initial', '2026-01-01T00:00:00.000Z', false],
      ['pre-live', null, false],
      ['live', '2026-01-03T00:00:00.000Z', true],
      ['completed', null, false],
      ['archived', null, false],
    ]);
  });

  it('takes the rank, not the order of the answer; without any, initial is current', () => {
    const rows = stageRows([
      { stage: 'archived', enteredStageAt: '2026-01-05T00:00:00.000Z' },
      { stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(rows.filter((r) => r.current).map((r) => r.stage)).toEqual(['archived']);
    expect(
      stageRows([])
        .filter((r) => r.current)
        .map((r) => r.stage),
    ).toEqual(['initial']);
  });
});

describe('completionText', () => {
  it('names the status and what was kept', () => {
    expect(completionText({ status: 'kept', statusValue: 'blue' })).toBe('Kept: blue');
    expect(completionText({ status: 'kept' })).toBe('Kept');
    expect(completionText({ status: 'discarded' })).toBe('Discarded');
  });
});
