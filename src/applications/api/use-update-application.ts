import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { MetadataField } from '../metadata';
import { applicationKeys, applicationPath, type ApplicationDetail } from './queries';

export interface MetadataChange {
  appName: string;
  field: MetadataField;
  value: string;
}

/**
 * One metadata field of an application (POST api/admin/metrics/applications/{appName} with that field and its
 * value); the field shows a refusal itself. The application's view takes the value at once, the list is read again.
 */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appName, field, value }: MetadataChange) => api.post(applicationPath(appName), { [field]: value }),
    meta: { inlineErrors: true },
    onSuccess: (_answer, { appName, field, value }) => {
      queryClient.setQueryData<ApplicationDetail>(applicationKeys.one(appName), (app) =>
        app ? { ...app, [field]: value } : app,
      );
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
  });
}
