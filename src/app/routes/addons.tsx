import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { addonDeliveriesQuery, addonsQuery } from '../../addons/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { mainRoute, screen } from './root';

/** The configured addons and the providers, persisted with the query cache (at once offline). */
const addonsRoute = createRoute(screen('addons', () => import('../../addons/components/AddonsPage'), addonsQuery));

const createAddonRoute = createRoute(
  screen('addons/create/$provider', () => import('../../addons/components/CreateAddonPage'), addonsQuery),
);

/** The addon comes from the kept list; its delivery log is fetched on the way, never awaited. */
const editAddonRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'addons/edit/$id',
  loader: ({ context, params }) => {
    if (/^\d+$/.test(params.id)) void context.queryClient.prefetchQuery(addonDeliveriesQuery(Number(params.id)));
    return ensureKept(context, addonsQuery);
  },
  component: lazyRouteComponent(() => import('../../addons/components/EditAddonPage')),
});

/** Addons: the list, create for a provider, edit with the delivery log. */
export const addonRoutes = [addonsRoute, createAddonRoute, editAddonRoute] as const;
