import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { environmentsQuery } from '../../environments/api/queries';
import { featureTypesQuery, archiveQuery } from '../../feature-toggles/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { DEFAULT_UNSEEN_DAYS } from '../../../contract/projects';
import { healthReportQuery, projectOverviewQuery, projectsQuery, projectStatusQuery } from '../../projects/api/queries';
import { isTabSegment } from '../../project-overview/tabs';
import { mainRoute, screen } from './root';
import { flag } from './search';

const projectsRoute = createRoute(
  screen('projects', () => import('../../projects/components/ProjectListPage'), projectsQuery),
);
const createProjectRoute = createRoute(
  screen('projects/create', () => import('../../projects/components/CreateProjectPage')),
);
const editProjectRoute = createRoute(
  screen('projects/$projectId/edit', () => import('../../projects/components/EditProjectPage'), projectsQuery),
);

/** The project page's reads: the kept projects and environments awaited, the project's toggles fetched meanwhile. */
const loadProject = async (context: Parameters<typeof ensureKept>[0], projectId: string) => {
  void context.queryClient.prefetchQuery(projectOverviewQuery(projectId));
  await Promise.all([ensureKept(context, projectsQuery), ensureKept(context, environmentsQuery)]);
};

/** /projects/{id}: the overview tab; ?created=true or ?edited=true show the saved toast. */
const projectRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId',
  validateSearch: (search: Record<string, unknown>): { created?: true; edited?: true } => ({
    created: flag(search.created),
    edited: flag(search.edited),
  }),
  loader: ({ context, params }) => loadProject(context, params.projectId),
  component: lazyRouteComponent(() => import('../../project-overview/components/ProjectPage')),
});

/** /projects/{id}/{health|access|environments|settings}; any other tab is the not-found page. */
const projectTabRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/$activeTab',
  beforeLoad: ({ params }) => {
    if (!isTabSegment(params.activeTab)) throw redirect({ to: '/404', replace: true });
  },
  loader: async ({ context, params }) => {
    if (params.activeTab === 'health') {
      void context.queryClient.prefetchQuery(healthReportQuery(params.projectId));
      void context.queryClient.prefetchQuery(projectStatusQuery(params.projectId, DEFAULT_UNSEEN_DAYS));
      await ensureKept(context, featureTypesQuery);
    }
    await loadProject(context, params.projectId);
  },
  component: lazyRouteComponent(() => import('../../project-overview/components/ProjectPage'), 'ProjectTabPage'),
});

const archivedRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'projects/$projectId/archived',
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(archiveQuery),
  component: lazyRouteComponent(() => import('../../project-overview/components/ArchivedProjectPage')),
});

export const projectRoutes = [
  projectsRoute,
  createProjectRoute,
  editProjectRoute,
  projectRoute,
  projectTabRoute,
  archivedRoute,
] as const;
