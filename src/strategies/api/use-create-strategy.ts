import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { DefinitionFormValues } from '../definitions';
import { strategyKeys } from './queries';

/** A custom strategy definition; the form shows a refusal. */
export function useCreateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (definition: DefinitionFormValues) => api.post('api/admin/strategies', definition),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyKeys.definitions }),
  });
}
