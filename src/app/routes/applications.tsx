import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { applicationQuery, applicationsQuery } from '../../applications/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { mainRoute, screen } from './root';

// Both reads are kept in the persisted query cache: offline, what was read before shows at once.

const applicationsRoute = createRoute(
  screen('applications', () => import('../../applications/components/ApplicationsPage'), applicationsQuery),
);

/** /applications/{name}?tab=edit opens the edit tab. */
const applicationRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'applications/$name',
  validateSearch: (search: Record<string, unknown>): { tab?: 'edit' } => ({
    tab: search.tab === 'edit' ? 'edit' : undefined,
  }),
  loader: ({ context, params }) => ensureKept(context, applicationQuery(params.name)),
  component: lazyRouteComponent(() => import('../../applications/components/ApplicationPage')),
});

export const applicationRoutes = [applicationsRoute, applicationRoute] as const;
