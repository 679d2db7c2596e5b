import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { userQuery } from '../../auth/user';
import type { ToggleMirror } from '../../feature-toggles/offline/mirror';
import type { OfflineEngine } from '../../offline/engine';
import { ensureKept } from '../../offline/ensure-kept';
import { uiConfigQuery } from '../../ui-config/api/queries';

/** What every route's loader gets: the console's one query client, its offline engine and the toggles' mirror. */
export interface RouterContext {
  queryClient: QueryClient;
  offline: OfflineEngine;
  toggles: ToggleMirror;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '404',
  component: lazyRouteComponent(() => import('../NotFoundPage')),
});

/** Every other route: the main layout, which needs the session (persisted) and the UI config (mirrored). */
export const mainRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  loader: ({ context }) => Promise.all([ensureKept(context, userQuery), ensureKept(context, uiConfigQuery)]),
  component: lazyRouteComponent(() => import('../MainLayout')),
});

export const indexRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/features', replace: true });
  },
});
