import { createRouter, Navigate, type RouterHistory } from '@tanstack/react-router';
import { basePath } from '../shared/api/base-path';
import { BootstrapSpinner } from './BootstrapSpinner';
import { addonRoutes } from './routes/addons';
import { adminRoutes } from './routes/admin';
import { applicationRoutes } from './routes/applications';
import { changeRequestRoutes } from './routes/change-requests';
import { loginRoute, logoutRoute } from './routes/auth';
import { contextRoutes } from './routes/context';
import { corsRoutes } from './routes/cors';
import { environmentRoutes } from './routes/environments';
import { eventRoutes } from './routes/events';
import { featureToggleRoutes } from './routes/feature-toggles';
import { playgroundRoutes } from './routes/playground';
import { projectRoutes } from './routes/projects';
import { indexRoute, mainRoute, notFoundRoute, rootRoute, type RouterContext } from './routes/root';
import { segmentRoutes } from './routes/segments';
import { ssoRoutes } from './routes/sso';
import { strategyRoutes } from './routes/strategies';
import { tagRoutes } from './routes/tags';
import { accountRoutes, userRoutes } from './routes/users';

/** Unknown paths go to /404. */
function ToNotFound() {
  return <Navigate to="/404" replace />;
}

const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  ...accountRoutes,
  notFoundRoute,
  mainRoute.addChildren([
    indexRoute,
    ...projectRoutes,
    ...changeRequestRoutes,
    ...featureToggleRoutes,
    ...applicationRoutes,
    ...contextRoutes,
    ...segmentRoutes,
    ...playgroundRoutes,
    ...strategyRoutes,
    ...environmentRoutes,
    ...tagRoutes,
    ...addonRoutes,
    ...eventRoutes,
    ...userRoutes,
    ...ssoRoutes,
    ...adminRoutes,
    ...corsRoutes,
  ]),
]);

/** The console's router; its loaders read through `context`. `history`: the browser's, or a test's memory. */
export function createAppRouter(context: RouterContext, base: string = basePath, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
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
