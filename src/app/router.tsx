import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { basePath } from '../api/base-path';
import { BootstrapSpinner } from './BootstrapSpinner';

export interface LoginSearch {
  errorMsg?: string;
  email?: string;
  reset?: boolean;
}

const text = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));

/** Unknown paths go to /404. */
function ToNotFound() {
  return <Navigate to="/404" replace />;
}

const rootRoute = createRootRoute({ component: Outlet });

// Bare routes: no layout, open without a session.
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    errorMsg: text(search.errorMsg),
    email: text(search.email),
    reset: search.reset === true || search.reset === 'true' ? true : undefined,
  }),
  component: lazyRouteComponent(() => import('../auth/LoginPage')),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '404',
  component: lazyRouteComponent(() => import('./NotFoundPage')),
});

// Everything else: the main layout, which needs a session.
const mainRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  component: lazyRouteComponent(() => import('./MainLayout')),
});

const indexRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/features', replace: true });
  },
});

const featuresRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'features',
  component: lazyRouteComponent(() => import('../feature-toggles/FeatureListPage')),
});

const routeTree = rootRoute.addChildren([loginRoute, notFoundRoute, mainRoute.addChildren([indexRoute, featuresRoute])]);

export function createAppRouter(base: string = basePath) {
  return createRouter({
    routeTree,
    basepath: base || '/',
    defaultNotFoundComponent: ToNotFound,
    defaultPendingComponent: BootstrapSpinner,
    defaultPendingMs: 300,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
