import { queryOptions, useQuery } from '@tanstack/react-query';
import { readDeviceNotifications } from '../device';

export const pushKeys = { device: ['push', 'this-device'] as const };

/** Whether this device takes notifications: read from the browser, so it needs no network. */
export const deviceNotificationsQuery = queryOptions({
  queryKey: pushKeys.device,
  queryFn: readDeviceNotifications,
  networkMode: 'always',
  staleTime: Infinity,
});

export const useDeviceNotifications = () => useQuery(deviceNotificationsQuery);
