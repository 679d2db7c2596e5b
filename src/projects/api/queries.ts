import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { HealthReportSchema, ProjectOverviewSchema, ProjectStatusSchema } from '../../../contract/projects';
import { accessibleProjects } from '../../auth/permissions';
import { useSession } from '../../auth/user';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';
import type { Project } from '../rules';

/** The project every instance has, and that a toggle without a project belongs to. */
export const DEFAULT_PROJECT = 'default';

type WireOverview = Static<typeof ProjectOverviewSchema>;
/** One toggle of a project (GET api/admin/projects/{id}): name, type, dates, stale and each environment's state. */
export type ProjectToggle = Received<WireOverview['features'][number], 'name' | 'environments'>;
/** GET api/admin/projects/{id}: the project with its enabled environments and its live toggles. */
export type ProjectOverview = Received<Omit<WireOverview, 'features'>, 'name' | 'environments'> & {
  features: ProjectToggle[];
};
/** GET api/admin/projects/{id}/health-report. */
export type HealthReport = Received<Omit<Static<typeof HealthReportSchema>, 'features'>, 'health'> & {
  features: ProjectToggle[];
};

/** GET api/admin/projects/{id}/status: the toggles to clean up. */
export type ProjectStatus = Static<typeof ProjectStatusSchema>;

/** Project overview data refreshes every 10 seconds while the page is visible. */
export const PROJECT_REFRESH_MS = 10_000;

/** Query keys of the projects domain: the list (mirrored) and, beside it, one project's reads (persisted). */
export const projectKeys = {
  list: ['projects'] as const,
  one: (id: string) => ['project', id] as const,
  overview: (id: string) => ['project', id, 'overview'] as const,
  health: (id: string) => ['project', id, 'health'] as const,
  /** Under the overview's key: read again whenever the project's toggles are (the live sync invalidates that key). */
  status: (id: string, unseenDays: number) => ['project', id, 'overview', 'status', unseenDays] as const,
  /** Every read of every project (a toggle archived leaves one of them). */
  reads: ['project'] as const,
};

export const projectPath = (id: string) => `api/admin/projects/${encodeURIComponent(id)}`;

export const projectsQuery = queryOptions({
  queryKey: projectKeys.list,
  queryFn: async () => (await api.get<{ projects: Project[] }>('api/admin/projects')).projects,
  staleTime: 60_000,
});

export function useProjects(enabled = true) {
  return useQuery({ ...projectsQuery, enabled });
}

/** The project selector's options: projects with a project-level permission, all for admins. */
export function useSelectableProjects(enabled: boolean): Project[] {
  const projects = useProjects(enabled).data ?? [];
  return accessibleProjects(useSession().data?.permissions, projects);
}

/** The project page's data; its screen shows 'Could not fetch project' when it fails. */
export const projectOverviewQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.overview(id),
    queryFn: () => api.get<ProjectOverview>(projectPath(id)),
    meta: { inlineErrors: true },
    refetchInterval: PROJECT_REFRESH_MS,
  });

export function useProjectOverview(id: string) {
  return useQuery(projectOverviewQuery(id));
}

/** The health tab's report; its screen shows 'Could not fetch health rating for {id}' when it fails. */
export const healthReportQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.health(id),
    queryFn: () => api.get<HealthReport>(`${projectPath(id)}/health-report`),
    meta: { inlineErrors: true },
  });

export function useHealthReport(id: string) {
  return useQuery(healthReportQuery(id));
}

/** The Health tab's clean-up lists: toggles unseen by SDKs for `unseenDays` days per environment, and the rest. */
export const projectStatusQuery = (id: string, unseenDays: number) =>
  queryOptions({
    queryKey: projectKeys.status(id, unseenDays),
    queryFn: () => api.get<ProjectStatus>(`${projectPath(id)}/status?unseenDays=${unseenDays}`),
    meta: { inlineErrors: true },
  });

export function useProjectStatus(id: string, unseenDays: number) {
  return useQuery(projectStatusQuery(id, unseenDays));
}
