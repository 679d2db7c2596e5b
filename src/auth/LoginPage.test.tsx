import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test-support';
import { uiConfigQuery } from '../ui-config/api/queries';
import { userQuery } from './user';

function seeded(signedIn: boolean, authenticationType = 'open-source') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(uiConfigQuery.queryKey, {
    name: 'Switchyard',
    version: '1.0.0',
    authenticationType,
    flags: {},
  });
  if (signedIn) {
    client.setQueryData(userQuery.queryKey, {
      user: { id: 1, username: 'admin' },
      permissions: [{ permission: 'ADMIN', project: null }],
      feedback: [],
    });
    client.setQueryData(['features', 'list'], []);
  }
  return client;
}

describe('/login', () => {
  it('sends a signed-in user to /features', async () => {
    const { router } = renderRoute('/login', seeded(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/features'));
  });

  it('shows the sign-in form to a user who is not signed in', async () => {
    const { router } = renderRoute('/login', seeded(false));
    expect(await screen.findByRole('heading', { name: 'Login to continue the great work' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("links to /forgotten-password with 'Forgot password?'", async () => {
    renderRoute('/login', seeded(false));
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgotten-password');
    expect(screen.queryByRole('link', { name: 'Customer Terms of Service' })).toBeNull();
  });

  it('the demo sign-in shows its terms links instead of the password link', async () => {
    renderRoute('/login', seeded(false, 'demo'));
    const terms = await screen.findByRole('link', { name: 'Customer Terms of Service' });
    expect(terms).toHaveAttribute('href', 'https://www.unleash-hosted.com/tos/');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://www.unleash-hosted.com/privacy-policy/',
    );
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
  });
});
