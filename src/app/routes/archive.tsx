import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { archiveQuery } from '../../archive/api/queries';
import { mainRoute } from './root';

export const archiveRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'archive',
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(archiveQuery),
  component: lazyRouteComponent(() => import('../../archive/ArchivePage')),
});
