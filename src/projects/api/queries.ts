import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '../../../contract/projects';
import { accessibleProjects } from '../../auth/permissions';
import { useSession } from '../../auth/user';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

export type Project = Received<ProjectSummary, 'id' | 'name'>;

export const projectsQuery = queryOptions({
  queryKey: ['projects'],
  queryFn: async () => (await api.get<{ projects: Project[] }>('api/admin/projects')).projects,
  staleTime: 60_000,
});

export function useProjects(enabled = true) {
  return useQuery({ ...projectsQuery, enabled });
}

/** The project selector's options (part 1 section 6): projects with a project-level permission, all for admins. */
export function useSelectableProjects(enabled: boolean): Project[] {
  const projects = useProjects(enabled).data ?? [];
  return accessibleProjects(useSession().data?.permissions, projects);
}
