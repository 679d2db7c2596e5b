import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The phone's filter sheet: as tall as its content, rising from the bottom edge. */
export default function FilterSheet({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      styles={{ content: { height: 'auto', borderTopLeftRadius: 16, borderTopRightRadius: 16 } }}
      title="Filters"
      closeButtonProps={{ 'aria-label': 'Close filters', size: 'lg' }}
    >
      <Stack gap="md" pb="md">
        {children}
      </Stack>
    </Drawer>
  );
}
