import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnvironmentType } from '../../../contract/environments';
import { api } from '../../shared/api/client';
import { environmentKeys, type Environment } from './queries';

/** PUT api/admin/environments/update/{name} (sortOrder, type): only the type is edited; the screen shows a refusal. */
export function useUpdateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environment, type }: { environment: Environment; type: EnvironmentType }) =>
      api.put(`api/admin/environments/update/${encodeURIComponent(environment.name)}`, {
        sortOrder: environment.sortOrder,
        type,
      }),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  });
}
