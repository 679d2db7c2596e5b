import { useMutation, useQueryClient } from '@tanstack/react-query';
import { turnOffDeviceNotifications, turnOnDeviceNotifications } from '../device';
import { pushKeys } from './queries';

/** Turns this device's notifications on (true) or off (false); a failure is shown as a toast and changes nothing. */
export function useSwitchDeviceNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnOnDeviceNotifications() : turnOffDeviceNotifications()),
    onSuccess: (state) => queryClient.setQueryData(pushKeys.device, state),
    onError: () => queryClient.invalidateQueries({ queryKey: pushKeys.device }),
  });
}
