import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { featureKeys } from '../../feature-toggles/api/queries';
import { strategyKeys } from '../../strategies/api/queries';
import type { StrategyDefinition } from '../../strategies/definitions';
import { keptClient, renderRoute } from '../../test-support';

const definitions: StrategyDefinition[] = [
  {
    name: 'flexibleRollout',
    displayName: 'Gradual rollout',
    description: 'Roll out to a percentage.',
    editable: false,
    deprecated: false,
    parameters: [{ name: 'rollout', type: 'percentage', description: '', required: false }],
  },
  {
    name: 'region',
    displayName: null,
    description: 'On in some regions.',
    editable: true,
    deprecated: false,
    parameters: [{ name: 'regions', type: 'list', description: 'Region codes', required: true }],
  },
];

/** An admin's session with the definitions and the toggle list (two toggles, one using 'region') already read. */
function seeded() {
  const client = keptClient(undefined, { C: true });
  client.setQueryData(strategyKeys.definitions, definitions);
  client.setQueryData(featureKeys.list(), [
    {
      name: 'checkout',
      project: 'web',
      strategies: [{ id: 'a', name: 'region', parameters: { regions: 'eu' }, constraints: [] }],
    },
    { name: 'search', project: 'default', strategies: [{ id: 'b', name: 'default', parameters: {}, constraints: [] }] },
  ]);
  return client;
}

const renderStrategies = (path: string, client: QueryClient) => renderRoute(path, client).router;

/** A screen's first render loads the lazy route modules: seconds on a busy machine. */
const FIRST_RENDER = { timeout: 45_000 };

describe('/strategies/view/{name}', { timeout: 90_000 }, () => {
  it('a custom strategy has Details (parameters, toggles using it) and Edit tabs', async () => {
    const router = renderStrategies('/strategies/view/region', seeded());
    expect(await screen.findByRole('heading', { name: 'region' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Region codes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/projects/web/features/checkout/strategies',
    );
    expect(screen.queryByRole('link', { name: 'search' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/strategies/edit/region');
    const name = await screen.findByRole('textbox', { name: /Strategy name/ }, FIRST_RENDER);
    expect(name).toHaveValue('region');
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleDescription('The name of a strategy cannot be changed.');
    expect(screen.getByRole('textbox', { name: 'Parameter name' })).toHaveValue('regions');
  });

  it('a built-in strategy, or a user without UPDATE_STRATEGY, gets the details only', async () => {
    const router = renderStrategies('/strategies/edit/flexibleRollout', seeded());
    expect(await screen.findByRole('heading', { name: 'Gradual rollout' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(router.state.location.pathname).toBe('/strategies/view/flexibleRollout');
    expect(screen.getByText('Predefined')).toBeInTheDocument();
  });

  it('an unknown strategy says it does not exist and links to creating it', async () => {
    renderStrategies('/strategies/view/nope', seeded());
    expect(
      await screen.findByText(/The strategy definition "nope" does not exist/, undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create it' })).toHaveAttribute('href', '/strategies/create?name=nope');
  });
});
