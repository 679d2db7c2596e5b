/** Environments: the reads (the writes, online only: one use-<verb>-environment.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Environment as WireEnvironment } from '../../../contract/environments';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

/** GET api/admin/environments */
export type Environment = Received<WireEnvironment, 'name' | 'type'>;

export const environmentKeys = {
  all: ['environments'] as const,
};

/** The environments (reference data the offline mirror keeps), in their sort order. */
export const environmentsQuery = queryOptions({
  queryKey: environmentKeys.all,
  queryFn: async () => (await api.get<{ environments: Environment[] }>('api/admin/environments')).environments,
  staleTime: 60_000,
});

/** The environment screens: what the mirror keeps at once, and the server's list read again on every visit. */
export function useEnvironments() {
  return useQuery({ ...environmentsQuery, refetchOnMount: 'always' });
}

/** The API path of one environment. */
export const environmentPath = (name: string) => `api/admin/environments/${encodeURIComponent(name)}`;
