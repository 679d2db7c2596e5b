import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useToggleMirror } from '../offline/context';
import { projectFeaturePath } from '../paths';
import { featureKeys } from './queries';

/** DELETE api/admin/projects/{p}/features/{child}/dependencies/{parent} (online only); both are read again. */
export function useRemoveDependency() {
  const queryClient = useQueryClient();
  const { noteVersion } = useToggleMirror();
  return useMutation({
    mutationFn: async ({ project, child, parent }: { project: string; child: string; parent: string }) => {
      const path = `${projectFeaturePath(project, child)}/dependencies/${encodeURIComponent(parent)}`;
      const answer = await api.send('DELETE', path, undefined, { layer: 'project' });
      noteVersion(child, answer.etag);
    },
    meta: { inlineErrors: true },
    onSuccess: (_d, { project, child, parent }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: featureKeys.project(project, child) }),
        queryClient.invalidateQueries({ queryKey: featureKeys.project(project, parent) }),
      ]),
  });
}
