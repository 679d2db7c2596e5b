import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const REFRESH_CONFIGURATION = 'Refresh configuration';
export const DISREGARD = 'Disregard';

interface Props {
  open: boolean;
  onRefresh(): void;
  onDisregard(): void;
  /** What is waiting to be sent, when a queued change is held by the conflict. */
  children?: ReactNode;
  /** The refresh is under way. */
  refreshing?: boolean;
}

/**
 * The refresh notice (buttons 'Refresh configuration' and 'Disregard'): the configuration changed
 * elsewhere. Used for the held changes of the offline queue and for the Strategies tab's polling.
 */
export function RefreshNotice({ open, onRefresh, onDisregard, children, refreshing }: Props) {
  if (!open) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconRefreshAlert size={22} aria-hidden />}
      className="sy-refresh-notice"
    >
      <Stack gap="sm">
        <Text fw={600}>The configuration was changed elsewhere.</Text>
        {children}
        <Group gap="sm">
          <Button onClick={onRefresh} loading={refreshing}>
            {REFRESH_CONFIGURATION}
          </Button>
          <Button variant="default" onClick={onDisregard}>
            {DISREGARD}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
