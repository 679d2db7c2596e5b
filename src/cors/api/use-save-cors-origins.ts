import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorsSettings } from '../../../contract/frontend-api';
import { api } from '../../shared/api/client';
import { CORS_PATH, corsOriginsQuery } from './queries';

/**
 * POST api/admin/ui-config/cors, then the list read again: the server answers 204 and keeps the origins its own way
 * (trimmed, duplicates dropped), so what it keeps is what the screen shows next.
 */
export function useSaveCorsOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (frontendApiOrigins: string[]) => {
      await api.post(CORS_PATH, { frontendApiOrigins } satisfies CorsSettings);
      return queryClient.fetchQuery({ ...corsOriginsQuery, staleTime: 0 });
    },
    meta: { inlineErrors: true },
  });
}
