import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { flag, text } from './search';

interface LoginSearch {
  errorMsg?: string;
  email?: string;
  reset?: boolean;
}

/** /login: a bare route, open without a session. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    errorMsg: text(search.errorMsg),
    email: text(search.email),
    reset: flag(search.reset),
  }),
  component: lazyRouteComponent(() => import('../../auth/LoginPage')),
});

/** /logout: where the Logout link leads; the page signs out (POST {base}/logout) and goes to /login. */
export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  component: lazyRouteComponent(() => import('../../auth/LogoutPage')),
});
