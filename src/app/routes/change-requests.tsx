import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { awaitingMeQuery, changeRequestQuery } from '../../change-requests/api/queries';
import { mainRoute } from './root';

/** /change-requests: those awaiting the signed-in person's approval (the header's count links here). */
const awaitingMeRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'change-requests',
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(awaitingMeQuery),
  component: lazyRouteComponent(() => import('../../change-requests/components/AwaitingMePage')),
});

/** /projects/{p}/change-requests/{id}: one request (read in the background: navigation never waits on it). */
const changeRequestRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/change-requests/$id',
  loader: ({ context: { queryClient }, params }) =>
    void queryClient.prefetchQuery(changeRequestQuery(params.projectId, Number(params.id))),
  component: lazyRouteComponent(() => import('../../change-request-review/components/ChangeRequestPage')),
});

export const changeRequestRoutes = [awaitingMeRoute, changeRequestRoute] as const;
