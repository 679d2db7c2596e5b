import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { applicationKeys, applicationPath } from './queries';

/** DELETE api/admin/metrics/applications/{appName}: the application and its instances. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appName: string) => api.delete(applicationPath(appName)),
    onSuccess: (_answer, appName) => {
      queryClient.removeQueries({ queryKey: applicationKeys.one(appName) });
      return queryClient.invalidateQueries({ queryKey: applicationKeys.list });
    },
  });
}
