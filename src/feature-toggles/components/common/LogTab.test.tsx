import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventsQuery, type AuditEvent } from '../../../events/api/queries';
import { renderWithMantine } from '../../../test-support';
import { LogTab } from './LogTab';

function seeded(events: AuditEvent[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(eventsQuery('checkout').queryKey, events);
  return client;
}

describe('the Log tab', () => {
  it("lists the toggle's events without the toggle's name on each", () => {
    renderWithMantine(
      <LogTab name="checkout" />,
      seeded([
        {
          id: 2,
          type: 'feature-updated',
          createdAt: '2026-01-02T00:00:00.000Z',
          createdBy: 'ann',
          featureName: 'checkout',
        },
      ]),
    );
    const list = screen.getByRole('list', { name: 'Events' });
    expect(within(list).getByText('feature-updated')).toBeInTheDocument();
    expect(within(list).getByText('ann')).toBeInTheDocument();
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('says when nothing was recorded', () => {
    renderWithMantine(<LogTab name="checkout" />, seeded([]));
    expect(screen.getByText('No changes recorded.')).toBeInTheDocument();
  });
});
