import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authState } from '../../auth/auth-state';
import { userQuery } from '../../auth/user';
import { ensureKept } from '../../offline/ensure-kept';
import { uiConfigQuery } from '../../ui-config/api/queries';
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
  // The first render shows the form, or sends a signed-in user on: the session is read first (its 401 clears the
  // cache), then the UI config the form needs; both load while the page's code does.
  loader: async ({ context }) => {
    if (!authState.get().unauthorised) await ensureKept(context, userQuery);
    await ensureKept(context, uiConfigQuery);
  },
  component: lazyRouteComponent(() => import('../../auth/LoginPage')),
});

/** /logout: where the Logout link leads; the page signs out (POST {base}/logout) and goes to /login. */
export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  component: lazyRouteComponent(() => import('../../auth/LogoutPage')),
});
