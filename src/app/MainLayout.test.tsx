import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { featureKeys } from '../feature-toggles/api/queries';
import { feedbackPrompt } from '../feedback/feedback';
import { keptClient, renderRoute } from '../test-support';

afterEach(() => feedbackPrompt.hide());

function seeded() {
  const client = keptClient();
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
