import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isAdmin } from '../../../contract/permissions';
import { userQuery } from '../../auth/user';
import { eventsQuery } from '../../events/api/queries';
import { mainRoute } from './root';

/** The event log is read in the background, for instance admins only (the page tells others it is not theirs). */
function prefetchEvents(queryClient: QueryClient, toggleName?: string) {
  if (isAdmin(queryClient.getQueryData(userQuery.queryKey)?.permissions))
    void queryClient.prefetchQuery(eventsQuery(toggleName));
}

const historyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history',
  loader: ({ context: { queryClient } }) => prefetchEvents(queryClient),
  component: lazyRouteComponent(() => import('../../events/HistoryPage')),
});

const toggleHistoryRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history/$toggleName',
  loader: ({ context: { queryClient }, params }) => prefetchEvents(queryClient, params.toggleName),
  component: lazyRouteComponent(() => import('../../events/HistoryPage')),
});

export const eventRoutes = [historyRoute, toggleHistoryRoute] as const;
