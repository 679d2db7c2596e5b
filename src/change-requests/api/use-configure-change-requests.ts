import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequestConfig, ChangeRequestConfigInput } from '../../../contract/change-requests';
import { api } from '../../shared/api/client';
import { projectPath } from '../../projects/api/queries';
import { changeRequestKeys } from './queries';

/** PUT api/admin/projects/{p}/environments/{env}/change-requests/config; the screen shows a refusal. */
export function useConfigureChangeRequests(project: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environment, ...body }: ChangeRequestConfigInput & { environment: string }) =>
      api.put<ChangeRequestConfig>(
        `${projectPath(project)}/environments/${encodeURIComponent(environment)}/change-requests/config`,
        body,
      ),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeRequestKeys.config(project) }),
  });
}
