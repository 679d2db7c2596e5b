import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** GET api/admin/environments */
export interface Environment {
  name: string;
  type: string;
  sortOrder?: number;
  enabled?: boolean;
  protected?: boolean;
}

/** The environments (reference data the offline mirror keeps). */
export const environmentsQuery = queryOptions({
  queryKey: ['environments'],
  queryFn: async () => (await api.get<{ environments: Environment[] }>('api/admin/environments')).environments,
  staleTime: 60_000,
});
