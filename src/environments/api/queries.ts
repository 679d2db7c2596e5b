import { queryOptions } from '@tanstack/react-query';
import type { Environment as WireEnvironment } from '../../../contract/environments';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

/** GET api/admin/environments */
export type Environment = Received<WireEnvironment, 'name' | 'type'>;

/** The environments (reference data the offline mirror keeps). */
export const environmentsQuery = queryOptions({
  queryKey: ['environments'],
  queryFn: async () => (await api.get<{ environments: Environment[] }>('api/admin/environments')).environments,
  staleTime: 60_000,
});
