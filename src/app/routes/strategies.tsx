import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureKept } from '../../offline/ensure-kept';
import { strategyDefinitionsQuery } from '../../strategies/api/queries';
import { mainRoute } from './root';
import { text } from './search';

const strategiesRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies',
  loader: ({ context }) => ensureKept(context, strategyDefinitionsQuery),
  component: lazyRouteComponent(() => import('../../strategies/components/StrategiesPage')),
});

/** /strategies/create?name=… prefills the name (the missing-definition link). */
const createStrategyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies/create',
  validateSearch: (search: Record<string, unknown>): { name?: string } => ({ name: text(search.name) }),
  component: lazyRouteComponent(() => import('../../strategies/components/CreateStrategyPage')),
});

const strategyViewRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies/$activeTab/$strategyName',
  loader: ({ context }) => ensureKept(context, strategyDefinitionsQuery),
  component: lazyRouteComponent(() => import('./strategy-view')),
});

export const strategyRoutes = [strategiesRoute, createStrategyRoute, strategyViewRoute] as const;
