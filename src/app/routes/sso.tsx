import { createRoute } from '@tanstack/react-router';
import { ssoSettingsQuery } from '../../sso/api/queries';
import { prefetchForAdmins, screen } from './root';

/** /admin/auth: the OpenID Connect tab's settings are read in the background, for admins only. */
const ssoRoute = createRoute({
  ...screen('admin/auth', () => import('../../sso/components/SsoPage')),
  loader: prefetchForAdmins(ssoSettingsQuery('oidc')),
});

/** Single Sign-On. */
export const ssoRoutes = [ssoRoute] as const;
