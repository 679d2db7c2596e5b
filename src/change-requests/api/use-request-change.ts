import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeAction, ChangeRequest } from '../../../contract/change-requests';
import { api } from '../../shared/api/client';
import { projectPath } from '../../projects/api/queries';
import { changeRequestKeys } from './queries';

/** A change as the console has it: the payload is the direct call's body (the server checks it as it would that). */
export interface RequestedChange {
  project: string;
  environment: string;
  change: { feature: string; action: ChangeAction; payload: unknown };
}

/**
 * POST api/admin/projects/{p}/environments/{env}/change-requests: the change is added to the caller's draft for that
 * project environment (made when there is none); answers the draft. The screen shows a refusal.
 */
export function useRequestChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, environment, change }: RequestedChange) =>
      api.post<ChangeRequest>(
        `${projectPath(project)}/environments/${encodeURIComponent(environment)}/change-requests`,
        change,
      ),
    meta: { inlineErrors: true },
    onSuccess: (draft) => {
      queryClient.setQueryData(changeRequestKeys.one(draft.project, draft.id), draft);
      return queryClient.invalidateQueries({ queryKey: changeRequestKeys.all });
    },
  });
}
