import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorsSettings } from '../../../contract/frontend-api';
import { api } from '../../shared/api/client';
import { gettingFailed } from '../../shared/api/errors';

/** Unleash's path of the frontend API's allowed origins (read by any signed-in user, changed by admins). */
export const CORS_PATH = 'api/admin/ui-config/cors';

/** GET api/admin/ui-config/cors: the origins browsers may call the frontend API from. */
export const corsOriginsQuery = queryOptions({
  queryKey: ['cors-origins'],
  queryFn: async () => {
    try {
      return (await api.get<CorsSettings>(CORS_PATH)).frontendApiOrigins;
    } catch (error) {
      throw gettingFailed('CORS origins', error);
    }
  },
});

export const useCorsOrigins = () => useQuery(corsOriginsQuery);
