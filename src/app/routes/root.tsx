import type { EnsureQueryDataOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import { isAdmin } from '../../../contract/permissions';
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

/**
 * The route options (for createRoute) of a screen of the main layout, its page loaded on demand; with `kept`, the
 * route waits for that kept read its page needs (at once from the mirror when offline, see ensureKept).
 */
export const screen = <const TPath extends string, T, K extends QueryKey>(
  path: TPath,
  page: () => Promise<{ default: RouteComponent }>,
  kept?: EnsureQueryDataOptions<T, Error, T, K>,
) => ({
  getParentRoute: () => mainRoute,
  path,
  loader: kept && (({ context }: { context: RouterContext }) => ensureKept(context, kept)),
  component: lazyRouteComponent(page),
});

/** Whether the session (kept by the main route's loader) is an admin's: only admins may read the admin data. */
export const signedInAdmin = (queryClient: QueryClient) =>
  isAdmin(queryClient.getQueryData(userQuery.queryKey)?.permissions);

/** A loader that reads `query` in the background for an admin only (the page tells others it is not theirs). */
export const prefetchForAdmins =
  <T, K extends QueryKey>(query: FetchQueryOptions<T, Error, T, K>) =>
  ({ context: { queryClient } }: { context: RouterContext }) => {
    if (signedInAdmin(queryClient)) void queryClient.prefetchQuery(query);
  };
