import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../shared/api/query-client';
import { createOfflineEngine } from './engine';
import { persistQueryCache, queryCacheKey } from './persist';

const session = { user: { id: 1 }, permissions: [{ permission: 'ADMIN', project: null }] };

/** What an engine's mirror holds: here the toggle list and the UI config, kept as reference data. */
const { isMirrored } = createOfflineEngine({
  queryClient: new QueryClient(),
  account: { queryKey: ['user'], ownerOf: () => undefined },
  reference: [['features', 'list'], ['ui-config']],
}).mirror;

describe('the persisted query cache', () => {
  it('brings the session back on the next start, without the data the mirror holds', async () => {
    const first = new QueryClient();
    persistQueryCache(first, '/yard', isMirrored);
    await first.fetchQuery({ queryKey: ['features', 'list'], queryFn: () => [{ name: 'a' }] });
    await first.fetchQuery({ queryKey: ['ui-config'], queryFn: () => ({ name: 'Switchyard' }) });
    await first.fetchQuery({ queryKey: ['user'], queryFn: () => session });
    // Writes are throttled to one a second.
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey('/yard'))).toContain('"ADMIN"'), {
      timeout: 3000,
    });

    const next = new QueryClient();
    const forget = persistQueryCache(next, '/yard', isMirrored);
    expect(next.getQueryData(['user'])).toEqual(session);
    expect(next.getQueryData(['features', 'list'])).toBeUndefined();
    expect(next.getQueryData(['ui-config'])).toBeUndefined();

    forget();
    expect(localStorage.getItem(queryCacheKey('/yard'))).toBeNull();
  });

  it('keeps a restored answer no screen shows, in memory and in storage, beyond the default five minutes', async () => {
    const handlers = { onQueryError: () => {}, onMutationError: () => {} };
    const first = createQueryClient(handlers);
    const forgetFirst = persistQueryCache(first, '/kept', isMirrored);
    await first.fetchQuery({ queryKey: ['applications'], queryFn: () => [{ appName: 'web' }] });
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey('/kept'))).toContain('"web"'), {
      timeout: 3000,
    });

    vi.useFakeTimers();
    try {
      const next = createQueryClient(handlers);
      persistQueryCache(next, '/kept', isMirrored);
      vi.advanceTimersByTime(60 * 60_000);
      expect(next.getQueryData(['applications'])).toEqual([{ appName: 'web' }]);
      expect(localStorage.getItem(queryCacheKey('/kept'))).toContain('"web"');
    } finally {
      vi.useRealTimers();
      forgetFirst();
    }
  });

  it('is kept per base path', () => {
    expect(queryCacheKey('')).not.toBe(queryCacheKey('/yard'));
  });
});
