import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken as WireApiToken, CreateTokenInput } from '../../../contract/api-tokens';
import { api } from '../../shared/api/client';
import { apiTokenKeys } from './queries';

/** POST api/admin/api-tokens (username, type, project, environment, expiresAt): answers the created token. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: CreateTokenInput) => api.post<WireApiToken>('api/admin/api-tokens', token),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
