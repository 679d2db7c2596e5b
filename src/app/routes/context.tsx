import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contextFieldsQuery } from '../../context/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { mainRoute } from './root';

const contextRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'context',
  loader: ({ context }) => ensureKept(context, contextFieldsQuery),
  component: lazyRouteComponent(() => import('../../context/components/ContextFieldsPage')),
});

const createContextRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'context/create',
  component: lazyRouteComponent(() => import('../../context/components/CreateContextPage')),
});

const editContextRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'context/edit/$name',
  loader: ({ context }) => ensureKept(context, contextFieldsQuery),
  component: lazyRouteComponent(() => import('../../context/components/EditContextPage')),
});

/** Context fields: the list, create and edit. */
export const contextRoutes = [contextRoute, createContextRoute, editContextRoute] as const;
