import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import {
  featureQuery,
  featuresQuery,
  featureTypesQuery,
  projectFeatureQuery,
  archiveQuery,
} from '../../feature-toggles/api/queries';
import type { FeatureListSearch } from '../../feature-toggles/components/list/feature-list';
import { validateFeatureViewSearch } from '../../feature-toggles/components/view/view-search';
import { ensureKept } from '../../offline/ensure-kept';
import { mainRoute } from './root';
import { flag, text } from './search';

const featuresRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'features',
  validateSearch: (search: Record<string, unknown>): FeatureListSearch => ({
    pinned: flag(search.pinned),
    project: text(search.project),
    focus: search.focus === 'search' ? 'search' : undefined,
  }),
  // Not awaited: a kept list is the query's initial data at once; a first visit shows the page while the list loads.
  loader: ({ context }) => void ensureKept(context, featuresQuery(context.toggles)),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/list/FeatureListPage')),
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

interface CreateToggleSearch {
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
  enabled: flag(search.enabled),
});

const createToggleRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/create-toggle',
  validateSearch: validateCreateSearch,
  loader: ({ context }) => ensureKept(context, featureTypesQuery),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/create/CreateFeaturePage')),
});

const createToggle2Route = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/create-toggle2',
  validateSearch: validateCreateSearch,
  loader: ({ context }) => ensureKept(context, featureTypesQuery),
  component: lazyRouteComponent(
    () => import('../../feature-toggles/components/create/CreateFeaturePage'),
    'CreateFeaturePage2',
  ),
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
  loader: ({ context, params }) => ensureKept(context, featureQuery(context.toggles, params.name)),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/classic/FeatureDetailPage')),
});

const archiveRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'archive',
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(archiveQuery),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/archive/ArchivePage')),
});

const archivedFeatureRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/archived/$name/$activeTab',
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(archiveQuery),
  component: lazyRouteComponent(
    () => import('../../feature-toggles/components/classic/FeatureDetailPage'),
    'ArchivedFeaturePage',
  ),
});

const copyRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features/$name/$activeTab/copy',
  loader: ({ context, params }) => ensureKept(context, featureQuery(context.toggles, params.name)),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/copy/CopyFeaturePage')),
});

const copy2Route = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$name/$activeTab/copy',
  loader: ({ context, params }) => ensureKept(context, featureQuery(context.toggles, params.name)),
  component: lazyRouteComponent(
    () => import('../../feature-toggles/components/copy/CopyFeaturePage'),
    'CopyFeaturePage2',
  ),
});

/** The new feature view: Overview is the exact path, every other tab a segment. */
const featureViewRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$featureId',
  validateSearch: validateFeatureViewSearch,
  loader: ({ context, params }) =>
    ensureKept(context, projectFeatureQuery(context.toggles, params.projectId, params.featureId)),
  component: lazyRouteComponent(() => import('../../feature-toggles/components/view/FeatureViewPage')),
});

const featureViewTabRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/features2/$featureId/$activeTab',
  validateSearch: validateFeatureViewSearch,
  loader: ({ context, params }) =>
    ensureKept(context, projectFeatureQuery(context.toggles, params.projectId, params.featureId)),
  component: lazyRouteComponent(
    () => import('../../feature-toggles/components/view/FeatureViewPage'),
    'FeatureViewTabPage',
  ),
});

export const featureToggleRoutes = [
  featuresRoute,
  oldFeatureRoute,
  createToggleRoute,
  createToggle2Route,
  featureRedirectRoute,
  featureRoute,
  archiveRoute,
  archivedFeatureRoute,
  copyRoute,
  copy2Route,
  featureViewRoute,
  featureViewTabRoute,
] as const;
