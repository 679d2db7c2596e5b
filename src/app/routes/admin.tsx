import { createRoute, redirect } from '@tanstack/react-router';
import { apiTokensQuery } from '../../api-tokens/api/queries';
import { invoicesQuery } from '../../invoices/api/queries';
import { mainRoute, prefetchForAdmins, screen } from './root';

/** The old admin route goes to the users tab. */
const adminRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin',
  beforeLoad: () => {
    throw redirect({ to: '/admin/users', replace: true });
  },
});

/** /admin/api: the tokens are read in the background, for admins only. */
const apiAccessRoute = createRoute({
  ...screen('admin/api', () => import('../../api-tokens/components/ApiTokensPage')),
  loader: prefetchForAdmins(apiTokensQuery),
});

/** /admin-invoices (hidden: in no menu). */
const invoicesRoute = createRoute({
  ...screen('admin-invoices', () => import('../../invoices/components/InvoicesPage')),
  loader: prefetchForAdmins(invoicesQuery),
});

/** The admin area that is not the users' or single sign-on's: /admin, /admin/api, invoices. */
export const adminRoutes = [adminRoute, apiAccessRoute, invoicesRoute] as const;
