import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keptClient, renderRoute } from '../../../test-support';
import { featureKeys } from '../../api/queries';

function seeded() {
  const client = keptClient();
  client.setQueryData(featureKeys.one('checkout'), {
    name: 'checkout',
    project: 'web',
    type: 'release',
    strategies: [],
  });
  return client;
}

describe('copy toggle page', () => {
  it('has a Cancel link back to the toggle', async () => {
    const { router } = renderRoute('/projects/web/features/checkout/variants/copy', seeded());
    const cancel = await screen.findByRole('link', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('href', '/projects/web/features/checkout/variants');
    await userEvent.click(cancel);
    expect(router.state.location.pathname).toBe('/projects/web/features/checkout/variants');
  });
});
