/** Addons: the reads (the writes, online only: one use-<verb>-addon.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Addon as WireAddon,
  AddonAttempt as WireAttempt,
  AddonList,
  AddonParameter,
  AddonProvider,
} from '../../../contract/addons';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

export type { AddonParameter, AddonProvider };
export type Addon = Received<WireAddon, 'id' | 'provider' | 'description' | 'enabled' | 'parameters' | 'events'>;
export type AddonAttempt = Received<WireAttempt, 'id' | 'at' | 'eventType' | 'statusCode' | 'error' | 'state'>;

export const addonKeys = {
  all: ['addons'] as const,
  deliveries: (id: number) => ['addons', id, 'deliveries'] as const,
};

/** GET api/admin/addons: the configured addons and the providers one may configure (persisted for offline use). */
export const addonsQuery = queryOptions({
  queryKey: addonKeys.all,
  queryFn: () => api.get<{ addons: Addon[]; providers: AddonList['providers'] }>('api/admin/addons'),
  staleTime: 60_000,
});

export function useAddons() {
  return useQuery(addonsQuery);
}

/** The API path of one addon. */
export const addonPath = (id: number) => `api/admin/addons/${id}`;

/** GET api/admin/addons/{id}/deliveries (ours): the addon's last delivery attempts, newest first. */
export const addonDeliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: addonKeys.deliveries(id),
    queryFn: async () => (await api.get<{ attempts: AddonAttempt[] }>(`${addonPath(id)}/deliveries`)).attempts,
  });

/** The log refreshes itself this often while shown (a delivery is sent moments after its event). */
const DELIVERY_LOG_REFRESH_MS = 5_000;

export function useAddonDeliveries(id: number) {
  return useQuery({ ...addonDeliveriesQuery(id), refetchInterval: DELIVERY_LOG_REFRESH_MS });
}
