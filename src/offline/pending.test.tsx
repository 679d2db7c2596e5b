import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QueuedChange } from './changes';
import { OfflineContext, useConflictShown } from './context';
import { createOfflineEngine } from './engine';

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

describe('useConflictShown', () => {
  it('follows whether a change of the signed-in account shows the refresh notice, drawing again only when that turns', () => {
    const offline = createOfflineEngine({
      queryClient: new QueryClient(),
      account: { queryKey: ['user'], ownerOf: () => undefined },
    });
    const { pending } = offline;
    offline.signedIn.set({ id: 1, name: 'Ada' });
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useConflictShown());
      return null;
    }
    render(
      <OfflineContext value={offline}>
        <Probe />
      </OfflineContext>,
    );
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
