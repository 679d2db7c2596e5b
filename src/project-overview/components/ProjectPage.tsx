import { Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { showToast } from '../../shared/messages/toast';
import { RouteLink } from '../../shared/ui/RouteLink';
import type { Project } from '../../projects/rules';
import { useProjectOverview, useProjects, type ProjectOverview } from '../../projects/api/queries';
import { PROJECT_CREATED, PROJECT_UPDATED } from '../messages';
import { FETCH_PROJECT_FAILED } from '../../projects/messages';
import { PROJECT_TABS, type ProjectTab } from '../tabs';
import { DeleteProject } from '../../projects/components/DeleteProject';
import { EditProjectForm } from '../../projects/components/EditProjectForm';
import { EnvironmentsTab } from './EnvironmentsTab';
import { HealthBadge } from '../../projects/components/HealthBadge';
import { HealthTab } from './HealthTab';
import { OverviewTab } from './OverviewTab';
import '../../projects/projects.css';
import '../project-overview.css';

const ProjectAccessTab = lazy(() => import('../../projects/access/ProjectAccessTab'));
const ChangeRequestsTab = lazy(async () => ({
  default: (await import('../../change-requests/components/ChangeRequestsTab')).ChangeRequestsTab,
}));

const overviewRoute = getRouteApi('/main/projects/$projectId');
const tabRoute = getRouteApi('/main/projects/$projectId/$activeTab');

const TAB_LABELS: Record<ProjectTab, string> = {
  overview: 'Overview',
  health: 'Health',
  'change-requests': 'Change requests',
  access: 'Access',
  environments: 'Environments',
  settings: 'Settings',
};

/** ?created=true or ?edited=true (after the form): the toast once, then the query parameter goes. */
function useSavedToast(projectId: string, search: { created?: boolean; edited?: boolean }) {
  const navigate = useNavigate();
  const { created, edited } = search;
  useEffect(() => {
    if (!created && !edited) return;
    showToast(created ? PROJECT_CREATED : PROJECT_UPDATED, 'success');
    void navigate({ to: '/projects/$projectId', params: { projectId }, search: {}, replace: true });
  }, [created, edited, navigate, projectId]);
}

function TabContent({ tab, project, overview }: { tab: ProjectTab; project: Project; overview?: ProjectOverview }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab projectId={project.id} overview={overview} />;
    case 'health':
      return <HealthTab projectId={project.id} />;
    case 'change-requests':
      return (
        <Suspense fallback={<Loader aria-label="Loading change requests" />}>
          <ChangeRequestsTab projectId={project.id} />
        </Suspense>
      );
    case 'access':
      return (
        <Suspense fallback={<Loader aria-label="Loading access" />}>
          <ProjectAccessTab projectId={project.id} />
        </Suspense>
      );
    case 'environments':
      return <EnvironmentsTab projectId={project.id} overview={overview} />;
    case 'settings':
      return (
        <Stack gap="md">
          <EditProjectForm key={project.id} project={project} titleOrder={2} />
          <DeleteProject project={project} />
        </Stack>
      );
  }
}

/**
 * /projects/{id}/{activeTab}: the project's name, description and health above the tabs Overview (the base path),
 * Health, Change requests, Access, Environments and Settings. The project comes from the kept list at once (also
 * offline); its toggles and environments from the project read, refreshed every 10 s while the page is visible.
 */
function ProjectPage({ projectId, activeTab }: { projectId: string; activeTab: ProjectTab }) {
  const navigate = useNavigate();
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab bar scrolls sideways: the chosen tab is brought into view.
  useEffect(() => {
    tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeTab]);
  const listed = useProjects().data?.find((p) => p.id === projectId);
  const overview = useProjectOverview(projectId);
  const project: Project | undefined = listed ?? (overview.data && { ...overview.data, id: projectId });

  if (!project) {
    return overview.isError ? (
      <Text c="red.8" role="alert">
        {FETCH_PROJECT_FAILED}
      </Text>
    ) : (
      <Loader aria-label="Loading the project" />
    );
  }
  const health = overview.data?.health ?? project.health;

  const toTab = (tab: string | null) => {
    if (!tab || tab === activeTab) return;
    if (tab === 'overview') void navigate({ to: '/projects/$projectId', params: { projectId } });
    else void navigate({ to: '/projects/$projectId/$activeTab', params: { projectId, activeTab: tab } });
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" className="sy-project-link">
            {project.name || project.id}
          </Title>
          {health !== undefined && <HealthBadge health={health} />}
        </Group>
        {project.description && <Text c="dimmed">{project.description}</Text>}
        {overview.isError && (
          <Text c="red.8" role="alert" size="sm">
            {FETCH_PROJECT_FAILED}
          </Text>
        )}
        <RouteLink
          to="/projects/$projectId/archived"
          params={{ projectId }}
          className="sy-touch-link"
          size="sm"
          w="fit-content"
        >
          <IconArchive size={16} aria-hidden style={{ marginRight: 6 }} />
          Archived toggles
        </RouteLink>
      </Stack>
      <Tabs value={activeTab} onChange={toTab} keepMounted={false}>
        <Tabs.List className="sy-project-tabs" aria-label="Project" ref={tabList}>
          {PROJECT_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={activeTab} pt="md">
          <TabContent tab={activeTab} project={project} overview={overview.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** /projects/{id}: the overview tab (?created=true or ?edited=true show their toast). */
export default function ProjectOverviewPage() {
  const { projectId } = overviewRoute.useParams();
  useSavedToast(projectId, overviewRoute.useSearch());
  return <ProjectPage projectId={projectId} activeTab="overview" />;
}

/** /projects/{id}/{activeTab}: the other tabs (the route lets only known tabs through). */
export function ProjectTabPage() {
  const { projectId, activeTab } = tabRoute.useParams();
  return <ProjectPage projectId={projectId} activeTab={activeTab as ProjectTab} />;
}
