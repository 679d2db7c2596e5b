import { createRoute } from '@tanstack/react-router';
import { strategyDefinitionsQuery } from '../../strategies/api/queries';
import { screen } from './root';
import { text } from './search';

const strategiesRoute = createRoute(
  screen('strategies', () => import('../../strategies/components/StrategiesPage'), strategyDefinitionsQuery),
);

/** /strategies/create?name=… prefills the name (the missing-definition link). */
const createStrategyRoute = createRoute({
  ...screen('strategies/create', () => import('../../strategies/components/CreateStrategyPage')),
  validateSearch: (search: Record<string, unknown>): { name?: string } => ({ name: text(search.name) }),
});

const strategyViewRoute = createRoute(
  screen('strategies/$activeTab/$strategyName', () => import('./strategy-view'), strategyDefinitionsQuery),
);

export const strategyRoutes = [strategiesRoute, createStrategyRoute, strategyViewRoute] as const;
