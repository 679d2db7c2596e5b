import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { usersQuery } from '../../users/api/queries';
import { prefetchForAdmins, rootRoute, screen } from './root';
import { text } from './search';

/** /admin/users: the list is read in the background, for admins only. */
const adminUsersRoute = createRoute({
  ...screen('admin/users', () => import('../../users/components/UsersPage')),
  loader: prefetchForAdmins(usersQuery),
});

const tokenSearch = (search: Record<string, unknown>): { token?: string } => ({ token: text(search.token) });

/** The standalone account pages: bare routes, open without a session. */
const newUserRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'new-user',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../../auth/NewUserPage')),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../../auth/ResetPasswordPage')),
});

const resetPasswordSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password-success',
  component: lazyRouteComponent(() => import('../../auth/ResetPasswordSuccessPage')),
});

const forgottenPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgotten-password',
  component: lazyRouteComponent(() => import('../../auth/ForgottenPasswordPage')),
});

/** Users: the admin screen, under the main layout. */
export const userRoutes = [adminUsersRoute] as const;
/** Invitations and password resets: standalone, under the root like /login. */
export const accountRoutes = [
  newUserRoute,
  resetPasswordRoute,
  resetPasswordSuccessRoute,
  forgottenPasswordRoute,
] as const;
