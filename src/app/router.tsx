import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { basePath } from '../shared/api/base-path';
import { validateFeatureViewSearch } from '../feature-toggles/view/view-search';
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

/** The old toggle route /features/{activeTab}/{name} goes to the project path. */
const oldFeatureRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'features/$activeTab/$name',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/projects/$projectId/features/$name/$activeTab',
      params: { projectId: 'default', name: params.name, activeTab: params.activeTab },
      replace: true,
    });
  },
});

export interface CreateToggleSearch {
  name?: string;
  type?: string;
  description?: string;
  project?: string;
  enabled?: boolean;
}

/** Create-toggle routes accept optional query parameters that prefill the form. */
const validateCreateSearch = (search: Record<string, unknown>): CreateToggleSearch => ({
  name: text(search.name),
  type: text(search.type),
  description: text(search.description),
  project: text(search.project),
  enabled: search.enabled === true || search.enabled === 'true' ? true : undefined,
});

const createToggleRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/create-toggle',
  validateSearch: validateCreateSearch,
  component: lazyRouteComponent(() => import('../feature-toggles/create/CreateFeaturePage')),
});

const createToggle2Route = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/create-toggle2',
  validateSearch: validateCreateSearch,
  component: lazyRouteComponent(() => import('../feature-toggles/create/CreateFeaturePage'), 'CreateFeaturePage2'),
});

const featureRedirectRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features/$name',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/projects/$projectId/features/$name/$activeTab',
      params: { ...params, activeTab: 'strategies' },
      replace: true,
    });
  },
});

const featureRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features/$name/$activeTab',
  component: lazyRouteComponent(() => import('../feature-toggles/detail/FeatureDetailPage')),
});

const archivedFeatureRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/archived/$name/$activeTab',
  component: lazyRouteComponent(() => import('../feature-toggles/detail/FeatureDetailPage'), 'ArchivedFeaturePage'),
});

const copyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features/$name/$activeTab/copy',
  component: lazyRouteComponent(() => import('../feature-toggles/copy/CopyFeaturePage')),
});

const copy2Route = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$name/$activeTab/copy',
  component: lazyRouteComponent(() => import('../feature-toggles/copy/CopyFeaturePage')),
});

/** The new feature view: Overview is the exact path, every other tab a segment (part 1 section 2). */
const featureViewRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$featureId',
  validateSearch: validateFeatureViewSearch,
  component: lazyRouteComponent(() => import('../feature-toggles/view/FeatureViewPage')),
});

const featureViewTabRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$featureId/$activeTab',
  validateSearch: validateFeatureViewSearch,
  component: lazyRouteComponent(() => import('../feature-toggles/view/FeatureViewPage')),
});

const strategiesRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies',
  component: lazyRouteComponent(() => import('../strategies/StrategiesPage')),
});

/** /strategies/create?name=… prefills the name (the missing-definition link). */
const createStrategyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies/create',
  validateSearch: (search: Record<string, unknown>): { name?: string } => ({ name: text(search.name) }),
  component: lazyRouteComponent(() => import('../strategies/CreateStrategyPage')),
});

const strategyViewRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'strategies/$activeTab/$strategyName',
  component: lazyRouteComponent(() => import('../strategies/StrategyViewPage')),
});

const archiveRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'archive',
  component: lazyRouteComponent(() => import('../archive/ArchivePage')),
});

const historyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history',
  component: lazyRouteComponent(() => import('../events/HistoryPage')),
});

const toggleHistoryRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'history/$toggleName',
  component: lazyRouteComponent(() => import('../events/HistoryPage')),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  notFoundRoute,
  mainRoute.addChildren([
    indexRoute,
    featuresRoute,
    oldFeatureRoute,
    createToggleRoute,
    createToggle2Route,
    featureRedirectRoute,
    featureRoute,
    archivedFeatureRoute,
    copyRoute,
    copy2Route,
    featureViewRoute,
    featureViewTabRoute,
    strategiesRoute,
    createStrategyRoute,
    strategyViewRoute,
    archiveRoute,
    historyRoute,
    toggleHistoryRoute,
  ]),
]);

/** `history` defaults to the browser's; tests pass a memory history. */
export function createAppRouter(base: string = basePath, history?: RouterHistory) {
  return createRouter({
    routeTree,
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
