import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userQuery, type Session } from '../auth/user';
import { renderWithMantine } from '../test-support';
import { EnvironmentsWalkthrough } from './EnvironmentsWalkthrough';

const session = (seen: boolean): Session => ({
  user: { id: 1 },
  permissions: [{ permission: 'ADMIN', project: null }],
  splash: { environment: seen },
});

/** A query client holding the session an earlier page stored (dehydrated there, restored here). */
function restoredClient(stored: Session) {
  const earlier = new QueryClient();
  earlier.setQueryData(userQuery.queryKey, stored, { updatedAt: performance.timeOrigin - 1000 });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  hydrate(client, dehydrate(earlier));
  return client;
}

/** The walkthrough's card has loaded, when it was asked for at all. */
const cardSettled = () => act(async () => void (await import('./EnvironmentsSplash')));

describe('the environments walkthrough', () => {
  it('does not open on a session restored from an earlier page, though it says not seen', async () => {
    const client = restoredClient(session(false));
    renderWithMantine(<EnvironmentsWalkthrough />, client);
    await cardSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The server's answer in this page: seen meanwhile (the earlier page had opened it and told the server).
    act(() => client.setQueryData(userQuery.queryKey, session(true)));
    await cardSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens once the server says, in this page, that it was not seen', async () => {
    const client = restoredClient(session(false));
    renderWithMantine(<EnvironmentsWalkthrough />, client);
    act(() => client.setQueryData(userQuery.queryKey, session(false)));
    expect(await screen.findByRole('dialog', { name: 'Environments are here' })).toBeInTheDocument();
  });
});
