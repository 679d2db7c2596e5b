import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedChange } from './changes';
import { pending, signedIn, useConflictShown } from './pending';

const change = (seq: number, state: QueuedChange['state'], extra: Partial<QueuedChange> = {}): QueuedChange => ({
  seq,
  key: `key-${seq}`,
  project: 'default',
  feature: 'my.toggle',
  change: { kind: 'environment' },
  snapshot: {},
  createdAt: 0,
  state,
  user: { id: 1, name: 'Ada' },
  ...extra,
});

afterEach(() => {
  pending.set([]);
  signedIn.set(undefined);
});

describe('useConflictShown', () => {
  it('follows whether a change of the signed-in account shows the refresh notice, drawing again only when that turns', () => {
    signedIn.set({ id: 1, name: 'Ada' });
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useConflictShown());
      return null;
    }
    render(<Probe />);
    act(() => pending.set([change(1, 'waiting')]));
    act(() => pending.set([change(1, 'sending')]));
    expect(seen).toEqual([false]);
    act(() => pending.set([change(1, 'conflict', { notice: 'open' })]));
    expect(seen).toEqual([false, true]);
    act(() => pending.set([change(1, 'conflict', { notice: 'open' }), change(2, 'waiting')]));
    expect(seen).toEqual([false, true]);
    act(() => pending.set([change(1, 'conflict', { notice: 'disregarded' })]));
    expect(seen).toEqual([false, true, false]);
    // Another account's conflict is left for that account.
    act(() => pending.set([change(1, 'conflict', { notice: 'open', user: { id: 2, name: 'Bob' } })]));
    expect(seen).toEqual([false, true, false]);
  });
});
