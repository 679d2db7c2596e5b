import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { apiTokenKeys, apiTokenPath } from './queries';

/** PUT api/admin/api-tokens/{secret} with `expiresAt` (null: never expires). The dialog shows a refusal. */
export function useUpdateApiTokenExpiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ secret, expiresAt }: { secret: string; expiresAt: string | null }) =>
      api.put(apiTokenPath(secret), { expiresAt }),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
