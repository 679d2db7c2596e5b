import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userQuery } from '../auth/user';
import { featureKeys } from '../feature-toggles/api/queries';
import { feedbackPrompt } from '../feedback/feedback';
import { renderRoute } from '../test-support';
import { uiConfigQuery } from '../ui-config/api/queries';

afterEach(() => feedbackPrompt.hide());

function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(uiConfigQuery.queryKey, { name: 'Switchyard', version: '1.0.0', flags: {} });
  client.setQueryData(userQuery.queryKey, {
    user: { id: 1 },
    permissions: [{ permission: 'ADMIN', project: null }],
    feedback: [],
  });
  client.setQueryData(featureKeys.list(), []);
  return client;
}

describe('main layout feedback prompt', () => {
  it('does not greet a screen load, and shows once asked for (after a create)', async () => {
    renderRoute('/features', seeded());
    expect(await screen.findByRole('heading', { name: /Feature toggles/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, no problem' })).toBeNull();
    act(() => feedbackPrompt.ask([]));
    expect(await screen.findByRole('button', { name: 'Yes, no problem' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Close feedback prompt' }).click());
    expect(screen.queryByRole('button', { name: 'Yes, no problem' })).toBeNull();
  });
});
