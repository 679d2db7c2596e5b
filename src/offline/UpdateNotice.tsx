import { Button, Paper, Text } from '@mantine/core';
import { useOfflineEngine, useUpdateWaiting } from './context';

/** A new version has been installed in the background: the console says so and reloads into it on request. */
export default function UpdateNotice() {
  const { update } = useOfflineEngine();
  if (!useUpdateWaiting()) return null;
  return (
    <Paper className="sy-update-notice" role="status" shadow="md" radius="md" withBorder>
      <Text size="sm" style={{ flex: 1 }}>
        A new version of Switchyard is available
      </Text>
      <Button size="sm" onClick={update.apply}>
        Reload
      </Button>
    </Paper>
  );
}
