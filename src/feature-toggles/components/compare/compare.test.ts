import { describe, expect, it } from 'vitest';
import { compareStrategies, settingsOf } from './compare';

const rollout = (id: string, rollout: string) => ({
  id,
  name: 'flexibleRollout',
  parameters: { rollout, stickiness: 'default' },
  constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['42'] }],
});
const standard = (id: string) => ({ id, name: 'default', parameters: {}, constraints: [] });

describe('comparing two environments', () => {
  it('pairs identical strategies whatever their ids, then the same strategy with other settings, then the rest', () => {
    const rows = compareStrategies(
      [rollout('a', '50'), standard('b')],
      [standard('c'), rollout('d', '10'), standard('e')],
    );
    expect(rows.map((r) => [r.kind, r.left?.id, r.right?.id])).toEqual([
      ['differs', 'a', 'd'],
      ['same', 'b', 'c'],
      ['right-only', undefined, 'e'],
    ]);
  });

  it('keeps what only the left has', () => {
    expect(compareStrategies([standard('a')], []).map((r) => r.kind)).toEqual(['left-only']);
    expect(compareStrategies([], [])).toEqual([]);
  });

  it('says a strategy’s settings in words', () => {
    expect(settingsOf(rollout('a', '50'))).toEqual(['rollout: 50', 'stickiness: default', 'userId IN 42']);
  });
});
