import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isAdmin } from '../../../contract/permissions';
import { userQuery } from '../../auth/user';
import { usersQuery } from '../../users/api/queries';
import { mainRoute, rootRoute } from './root';
import { text } from './search';

/** /admin/users: the list is read in the background, for admins only (the page tells others it is not theirs). */
const adminUsersRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'admin/users',
  loader: ({ context: { queryClient } }) => {
    if (isAdmin(queryClient.getQueryData(userQuery.queryKey)?.permissions)) void queryClient.prefetchQuery(usersQuery);
  },
  component: lazyRouteComponent(() => import('../../users/components/UsersPage')),
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
