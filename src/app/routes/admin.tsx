import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isAdmin } from '../../../contract/permissions';
import { apiTokensQuery } from '../../api-tokens/api/queries';
import { userQuery } from '../../auth/user';
import { invoicesQuery } from '../../invoices/api/queries';
import { mainRoute } from './root';

/** The old admin route goes to the users tab. */
const adminRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin',
  beforeLoad: () => {
    throw redirect({ to: '/admin/users', replace: true });
  },
});

/** Whether the session (kept by the main route's loader) is an admin's: only admins may read tokens and invoices. */
const signedInAdmin = (queryClient: QueryClient) => isAdmin(queryClient.getQueryData(userQuery.queryKey)?.permissions);

/** /admin/api: the tokens are read in the background, for admins only (the page tells others it is not theirs). */
const apiAccessRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin/api',
  loader: ({ context: { queryClient } }) => {
    if (signedInAdmin(queryClient)) void queryClient.prefetchQuery(apiTokensQuery);
  },
  component: lazyRouteComponent(() => import('../../api-tokens/components/ApiTokensPage')),
});

/** /admin-invoices (hidden: in no menu). */
const invoicesRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin-invoices',
  loader: ({ context: { queryClient } }) => {
    if (signedInAdmin(queryClient)) void queryClient.prefetchQuery(invoicesQuery);
  },
  component: lazyRouteComponent(() => import('../../invoices/components/InvoicesPage')),
});

/** The admin area that is not the users' or single sign-on's: /admin, /admin/api, invoices. */
export const adminRoutes = [adminRoute, apiAccessRoute, invoicesRoute] as const;
