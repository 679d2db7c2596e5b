import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { environmentsQuery } from '../../environments/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { mainRoute } from './root';

const environmentsRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'environments',
  loader: ({ context }) => ensureKept(context, environmentsQuery),
  component: lazyRouteComponent(() => import('../../environments/components/EnvironmentsPage')),
});

/** The form needs the count of environments (the limit), which the mirror keeps. */
const createEnvironmentRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'environments/create',
  loader: ({ context }) => ensureKept(context, environmentsQuery),
  component: lazyRouteComponent(() => import('../../environments/components/CreateEnvironmentPage')),
});

/** Environments: the list and create. */
export const environmentRoutes = [environmentsRoute, createEnvironmentRoute] as const;
