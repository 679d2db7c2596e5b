import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { persistQueryCache, queryCacheKey } from './persist';
import { registerReference } from './registry';

const session = { user: { id: 1 }, permissions: [{ permission: 'ADMIN', project: null }] };

describe('the persisted query cache', () => {
  it('brings the session back on the next start, without the data the mirror holds', async () => {
    registerReference([['features', 'list'], ['ui-config']]);
    const first = new QueryClient();
    persistQueryCache(first, '/yard');
    await first.fetchQuery({ queryKey: ['features', 'list'], queryFn: () => [{ name: 'a' }] });
    await first.fetchQuery({ queryKey: ['ui-config'], queryFn: () => ({ name: 'Switchyard' }) });
    await first.fetchQuery({ queryKey: ['user'], queryFn: () => session });
    // Writes are throttled to one a second.
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey('/yard'))).toContain('"ADMIN"'), {
      timeout: 3000,
    });

    const next = new QueryClient();
    const forget = persistQueryCache(next, '/yard');
    expect(next.getQueryData(['user'])).toEqual(session);
    expect(next.getQueryData(['features', 'list'])).toBeUndefined();
    expect(next.getQueryData(['ui-config'])).toBeUndefined();

    forget();
    expect(localStorage.getItem(queryCacheKey('/yard'))).toBeNull();
  });

  it('is kept per base path', () => {
    expect(queryCacheKey('')).not.toBe(queryCacheKey('/yard'));
  });
});
