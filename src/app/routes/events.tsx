import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { eventPagesQuery, type EventFilters } from '../../events/api/queries';
import { mainRoute, signedInAdmin } from './root';
import { text } from './search';

/** A day as the filters carry it (YYYY-MM-DD); anything else is no filter. */
const day = (value: unknown) => {
  const found = text(value);
  return found && /^\d{4}-\d{2}-\d{2}$/.test(found) ? found : undefined;
};

/** The history's filters from the address: ?type=&createdBy=&feature=&project=&from=&to= (days). */
const validateSearch = (search: Record<string, unknown>): EventFilters => {
  const filters: EventFilters = {
    type: text(search.type),
    createdBy: text(search.createdBy),
    feature: text(search.feature),
    project: text(search.project),
    from: day(search.from),
    to: day(search.to),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
};

/** The history's first page is read in the background, for instance admins only (the page tells others why not). */
function prefetchEvents(queryClient: QueryClient, filters: EventFilters, toggleName?: string) {
  if (signedInAdmin(queryClient)) void queryClient.prefetchInfiniteQuery(eventPagesQuery(toggleName, filters));
}

const historyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history',
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => prefetchEvents(queryClient, deps),
  component: lazyRouteComponent(() => import('../../events/components/HistoryPage')),
});

const toggleHistoryRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history/$toggleName',
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    prefetchEvents(queryClient, { ...deps, feature: undefined }, params.toggleName),
  component: lazyRouteComponent(() => import('../../events/components/HistoryPage')),
});

export const eventRoutes = [historyRoute, toggleHistoryRoute] as const;
