import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userQuery } from '../../../auth/user';
import { eventsQuery } from '../../../events/api/queries';
import { contextFieldsQuery } from '../../../context/api/queries';
import { strategyDefinitionsQuery } from '../../../strategies/api/queries';
import { renderRoute } from '../../../test-support';
import { uiConfigQuery } from '../../../ui-config/api/queries';
import { featureKeys, featureTypesQuery } from '../../api/queries';
import { EMPTY_USAGE, featureUsageQuery, NOT_USED } from '../common/feature-usage';
import { sampleFeature } from './test-support';

const NAME = 'checkout.redesign.with.a.very.long.name';

function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(uiConfigQuery.queryKey, {
    name: 'Switchyard',
    version: '1.0.0',
    flags: { P: true, C: true, E: true },
  });
  client.setQueryData(userQuery.queryKey, {
    user: { id: 1 },
    permissions: [{ permission: 'ADMIN', project: null }],
    feedback: [],
  });
  client.setQueryData(featureKeys.project('default', NAME), sampleFeature({ name: NAME }));
  client.setQueryData(featureUsageQuery(NAME).queryKey, EMPTY_USAGE);
  client.setQueryData(strategyDefinitionsQuery.queryKey, []);
  client.setQueryData(contextFieldsQuery.queryKey, []);
  client.setQueryData(featureTypesQuery.queryKey, [{ id: 'release', name: 'Release' }]);
  return client;
}

describe('the new feature view', () => {
  it('shows the name cut to 30 characters, the state chip and the tabs; Overview is the exact path', async () => {
    const { router } = renderRoute(`/projects/default/features2/${NAME}/overview`, seeded());
    // The first test loads the lazy route modules (slow on a busy machine: within the test's 30 s).
    expect(await screen.findByRole('heading', { name: NAME.slice(0, 30) }, { timeout: 25_000 })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/default/features2/${NAME}`));
    const tabs = within(screen.getByRole('tablist', { name: 'Feature toggle sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Overview',
      'Strategies',
      'Metrics',
      'Variants',
      'Compare environments',
      'Settings',
      'Event log',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText(NOT_USED).length).toBeGreaterThan(0);
  });

  it('each tab has its path', async () => {
    const { router } = renderRoute(`/projects/default/features2/${NAME}`, seeded());
    await userEvent.click(await screen.findByRole('tab', { name: 'Variants' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/default/features2/${NAME}/variants`));
    expect(await screen.findByRole('button', { name: 'Add variant' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/default/features2/${NAME}/settings`));
    expect(await screen.findByRole('form', { name: 'Metadata' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/default/features2/${NAME}`));
  });

  it('the Strategies tab reads the environment and addStrategy=true from the address', async () => {
    renderRoute(`/projects/default/features2/${NAME}/strategies?environment=production&addStrategy=true`, seeded());
    expect(await screen.findByRole('tab', { name: /production/, selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add a strategy to production' })).toBeInTheDocument();
    expect(
      screen.getByText('No strategies in production yet. Drag a strategy here, or use its add button.'),
    ).toBeInTheDocument();
  });

  it("the Event log tab is the classic Log tab: the toggle's events", async () => {
    const client = seeded();
    client.setQueryData(eventsQuery(NAME).queryKey, [
      { id: 1, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'ann', featureName: NAME },
    ]);
    renderRoute(`/projects/default/features2/${NAME}/logs`, client);
    const list = await screen.findByRole('list', { name: 'Events' });
    expect(within(list).getByText('feature-created')).toBeInTheDocument();
    expect(within(list).getByText('ann')).toBeInTheDocument();
  });

  it("'Flip to stale' asks first", async () => {
    renderRoute(`/projects/default/features2/${NAME}`, seeded());
    await userEvent.click(await screen.findByRole('button', { name: 'Flip to stale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flip to stale' });
    expect(within(dialog).getByRole('button', { name: 'Flip to stale' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
