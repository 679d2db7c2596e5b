import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useAction } from '../shared/ui/use-action';
import { useOfflineEngine, usePendingChanges } from './context';
import { APPLY_AGAIN, DISCARD } from './labels';
import { RefreshNotice } from './RefreshNotice';

/**
 * A held change is never resolved silently: the first conflict not disregarded shows the refresh notice with the
 * change in words. After 'Refresh configuration' the screens show the server's toggle and the change can be
 * applied again on it, or discarded. 'Disregard' leaves it held in the waiting list. Another account's held change
 * is left for that account (the waiting list offers to discard it).
 */
export default function ConflictNotice() {
  const offline = useOfflineEngine();
  const conflict = usePendingChanges().find(offline.pending.showsConflict);
  const { busy, error, run } = useAction();
  if (!conflict) return null;
  const words = offline.describe(conflict);
  const failure = error && (
    <Text size="sm" c="var(--sy-failed)" role="alert">
      {error}
    </Text>
  );

  if (conflict.notice === 'refreshed') {
    return (
      <Alert color="blue" variant="light" role="alert" className="sy-refresh-notice">
        <Stack gap="sm">
          <Text fw={600}>The current configuration of "{conflict.feature}" is loaded.</Text>
          <Text>Apply your change to it again: {words}?</Text>
          {failure}
          <Group gap="sm">
            <Button loading={busy} onClick={() => void run(() => offline.applyAgain(conflict.seq!))}>
              {APPLY_AGAIN}
            </Button>
            <Button variant="default" disabled={busy} onClick={() => void run(() => offline.cancel(conflict.seq!))}>
              {DISCARD}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <RefreshNotice
      open
      refreshing={busy}
      onRefresh={() => void run(() => offline.refreshHeld(conflict.seq!))}
      onDisregard={() => void offline.disregard(conflict.seq!)}
    >
      <Text>
        "{conflict.feature}" was changed elsewhere after this change was made, so it has not been sent: {words}.
      </Text>
      {failure}
    </RefreshNotice>
  );
}
