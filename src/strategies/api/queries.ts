/** Strategy definitions: reads and the online writes of /strategies (not in the offline queue's scope). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../shared/api/client';
import { useUiConfig } from '../ui-config/ui-config';
import { constraintsEnabled, type ContextField } from './constraints';
import type { StrategyDefinition } from './definitions';
import type { DefinitionFormValues } from './strategy-definition-form';

export const strategyKeys = {
  definitions: ['strategies'] as const,
  context: ['context'] as const,
};

export const strategyDefinitionsQuery = queryOptions({
  queryKey: strategyKeys.definitions,
  queryFn: async () => (await api.get<{ strategies: StrategyDefinition[] }>('api/admin/strategies')).strategies,
  staleTime: 60_000,
});

/** GET api/admin/context answers a bare array. */
export const contextFieldsQuery = queryOptions({
  queryKey: strategyKeys.context,
  queryFn: () => api.get<ContextField[]>('api/admin/context'),
  staleTime: 60_000,
});

export function useStrategyDefinitions() {
  return useQuery(strategyDefinitionsQuery);
}

export function useContextFields() {
  return useQuery(contextFieldsQuery);
}

/** What the strategy editors need: the definitions (undefined until loaded), context fields and the flag C. */
export function useStrategyReferenceData() {
  const definitions = useStrategyDefinitions().data;
  const contextFields = useContextFields().data ?? [];
  const flags = useUiConfig().data?.flags;
  return { definitions, contextFields, constraintsEnabled: constraintsEnabled(flags) };
}

const path = (name: string) => `api/admin/strategies/${encodeURIComponent(name)}`;

/** Writes on definitions; each refreshes the definitions list. Form calls show their errors inline. */
export function useStrategyDefinitionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.definitions });

  const validateName = useMutation({
    mutationFn: (name: string) => api.post('api/admin/strategies/validate', { name }),
    meta: { inlineErrors: true },
  });

  const create = useMutation({
    mutationFn: (definition: DefinitionFormValues) => api.post('api/admin/strategies', definition),
    meta: { inlineErrors: true },
    onSuccess: refresh,
  });

  const update = useMutation({
    mutationFn: (definition: DefinitionFormValues) => api.put(path(definition.name), definition),
    meta: { inlineErrors: true },
    onSuccess: refresh,
  });

  const remove = useMutation({
    mutationFn: (name: string) => api.delete(path(name)),
    onSettled: refresh,
  });

  const deprecate = useMutation({
    mutationFn: (name: string) => api.post(`${path(name)}/deprecate`),
    onSettled: refresh,
  });

  const reactivate = useMutation({
    mutationFn: (name: string) => api.post(`${path(name)}/reactivate`),
    onSettled: refresh,
  });

  return { validateName, create, update, remove, deprecate, reactivate };
}
