import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isAdmin } from '../../../contract/permissions';
import { userQuery } from '../../auth/user';
import { ssoSettingsQuery } from '../../sso/api/queries';
import { mainRoute } from './root';

/** /admin/auth: the OpenID Connect tab's settings are read in the background, for admins only. */
const ssoRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin/auth',
  loader: ({ context: { queryClient } }) => {
    if (isAdmin(queryClient.getQueryData(userQuery.queryKey)?.permissions)) {
      void queryClient.prefetchQuery(ssoSettingsQuery('oidc'));
    }
  },
  component: lazyRouteComponent(() => import('../../sso/components/SsoPage')),
});

/** Single Sign-On. */
export const ssoRoutes = [ssoRoute] as const;
