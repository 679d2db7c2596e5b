/** Strategy definitions: the reads (the writes, online only: one use-<verb>-strategy.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useUiConfig } from '../../ui-config/api/queries';
import { useContextFields } from '../../context/api/queries';
import type { StrategyDefinition } from '../definitions';

export const strategyKeys = {
  definitions: ['strategies'] as const,
};

export const strategyDefinitionsQuery = queryOptions({
  queryKey: strategyKeys.definitions,
  queryFn: async () => (await api.get<{ strategies: StrategyDefinition[] }>('api/admin/strategies')).strategies,
  staleTime: 60_000,
});

export function useStrategyDefinitions() {
  return useQuery(strategyDefinitionsQuery);
}

/**
 * Constraints need the enterprise flag C of the UI config. (Here, not in ../constraints: that module carries the
 * constraint value rules, RE2 included, which only the strategy editors' own chunks load.)
 */
export function constraintsEnabled(flags: Record<string, boolean> | undefined): boolean {
  return flags?.C === true;
}

/** What the strategy editors need: the definitions (undefined until loaded), context fields and the flag C. */
export function useStrategyReferenceData() {
  const definitions = useStrategyDefinitions().data;
  const contextFields = useContextFields().data ?? [];
  const flags = useUiConfig().data?.flags;
  return { definitions, contextFields, constraintsEnabled: constraintsEnabled(flags) };
}

/** The API path of one strategy definition. */
export const strategyPath = (name: string) => `api/admin/strategies/${encodeURIComponent(name)}`;
