import { describe, expect, it } from 'vitest';
import { inStage } from './rules';

const toggle = (name: string, stage?: 'initial' | 'pre-live' | 'live' | 'completed') => ({
  name,
  ...(stage ? { lifecycle: { stage } } : {}),
});

describe('inStage', () => {
  const toggles = [toggle('a', 'initial'), toggle('b', 'live'), toggle('c', 'live'), toggle('d')];

  it('keeps the toggles whose current stage is the one chosen', () => {
    expect(inStage(toggles, 'live').map((t) => t.name)).toEqual(['b', 'c']);
    expect(inStage(toggles, 'completed')).toEqual([]);
  });

  it("keeps every toggle for 'all', also those a server without lifecycles sent", () => {
    expect(inStage(toggles, 'all')).toEqual(toggles);
  });
});
