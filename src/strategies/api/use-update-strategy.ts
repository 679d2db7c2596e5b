import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { DefinitionFormValues } from '../definitions';
import { strategyKeys, strategyPath } from './queries';

/** A custom strategy definition's new description and parameters; the form shows a refusal. */
export function useUpdateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (definition: DefinitionFormValues) => api.put(strategyPath(definition.name), definition),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyKeys.definitions }),
  });
}
