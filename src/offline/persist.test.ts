import { QueryClient, QueryObserver } from '@tanstack/react-query';
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

  it('restores an answer to stand in until the server answers: a screen showing it asks again, however recent', async () => {
    const notUsed = { lastHourUsage: [], seenApplications: [] };
    const reported = { lastHourUsage: [{ environment: 'default', yes: 3, no: 1 }], seenApplications: ['web'] };
    const usage = { queryKey: ['features', 'usage', 'search'], staleTime: 10_000 };
    const first = new QueryClient();
    const forgetFirst = persistQueryCache(first, '/usage', isMirrored);
    await first.fetchQuery({ ...usage, queryFn: () => notUsed });
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey('/usage'))).toContain('"usage"'), {
      timeout: 3000,
    });

    // The next page, a moment later: the stored answer is shown at once, then the server's figures replace it.
    const next = new QueryClient();
    persistQueryCache(next, '/usage', isMirrored);
    const screen = new QueryObserver(next, { ...usage, queryFn: () => Promise.resolve(reported) });
    const shown: unknown[] = [];
    const stop = screen.subscribe((result) => shown.push(result.data));
    try {
      expect(screen.getCurrentResult().data).toEqual(notUsed);
      await vi.waitFor(() => expect(shown.at(-1)).toEqual(reported));
    } finally {
      stop();
      forgetFirst();
    }
  });

  it('is kept per base path', () => {
    expect(queryCacheKey('')).not.toBe(queryCacheKey('/yard'));
  });
});
