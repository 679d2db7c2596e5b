import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { apiTokenKeys, apiTokenPath } from './queries';

/** DELETE api/admin/api-tokens/{secret}: the token stops working at once. The screen shows a refusal. */
export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secret: string) => api.delete(apiTokenPath(secret)),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
