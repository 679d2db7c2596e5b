import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dependency } from '../../../contract/features';
import { api } from '../../shared/api/client';
import { useToggleMirror } from '../offline/context';
import { projectFeaturePath } from '../paths';
import { featureKeys } from './queries';

/**
 * POST api/admin/projects/{p}/features/{child}/dependencies (online only): the child depends on the parent. The
 * child and the parent (which lists its children) are read again; the dialog shows a refusal.
 */
export function useAddDependency() {
  const queryClient = useQueryClient();
  const { noteVersion } = useToggleMirror();
  return useMutation({
    mutationFn: async ({ project, child, dependency }: { project: string; child: string; dependency: Dependency }) => {
      const answer = await api.send('POST', `${projectFeaturePath(project, child)}/dependencies`, dependency, {
        layer: 'project',
      });
      noteVersion(child, answer.etag);
    },
    meta: { inlineErrors: true },
    onSuccess: (_d, { project, child, dependency }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: featureKeys.project(project, child) }),
        queryClient.invalidateQueries({ queryKey: featureKeys.project(project, dependency.feature) }),
      ]),
  });
}
