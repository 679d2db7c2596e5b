import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderWithMantine } from '../../test-support';
import type { ProjectFeature } from '../api/types';

/** A query client whose session holds `permissions` (ADMIN by default). */
export function sessionClient(
  permissions: { permission: string; project?: string | null }[] = [{ permission: 'ADMIN', project: null }],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['user'], { user: { id: 1 }, permissions });
  return client;
}

/** Renders a component that holds router links, inside a one-route memory router. */
export function renderInRouter(ui: ReactElement, queryClient = sessionClient()) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, ...renderWithMantine(<RouterProvider router={router} />, queryClient) };
}

const rollout = {
  id: 's1',
  name: 'flexibleRollout',
  parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
};

/** A toggle with a development environment (one strategy, on) and a production one (none, off). */
export function sampleFeature(changes: Partial<ProjectFeature> = {}): ProjectFeature {
  return {
    name: 'checkout',
    description: 'New checkout',
    type: 'release',
    project: 'default',
    stale: false,
    archived: false,
    variants: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
    environments: [
      { name: 'development', type: 'development', enabled: true, sortOrder: 1, strategies: [rollout] },
      { name: 'production', type: 'production', enabled: false, sortOrder: 2, strategies: [] },
    ],
    ...changes,
  };
}
