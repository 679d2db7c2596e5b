import { Switch } from '@mantine/core';
import { UNAVAILABLE_REASONS } from '../device';
import { useDeviceNotifications } from '../api/queries';
import { useSwitchDeviceNotifications } from '../api/use-switch-device-notifications';
import '../push.css';

/** "Notifications on this device": off and disabled, with the reason, where the browser cannot take them. */
export function DeviceNotificationsSwitch() {
  const { data: state } = useDeviceNotifications();
  const switching = useSwitchDeviceNotifications();
  const reason = state === 'unsupported' || state === 'denied' ? UNAVAILABLE_REASONS[state] : undefined;
  return (
    <Switch
      size="md"
      className="sy-push-switch"
      label="Notifications on this device"
      description={reason}
      checked={state === 'on'}
      disabled={state === undefined || reason !== undefined || switching.isPending}
      onChange={(event) => switching.mutate(event.currentTarget.checked)}
    />
  );
}
