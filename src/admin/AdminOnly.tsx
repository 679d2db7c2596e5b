import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsAdmin } from '../auth/user';
import { NEED_INSTANCE_ADMIN } from './messages';

/** A panel's content that only instance admins see; anyone else is told what it needs. */
export function AdminOnly({ children }: { children: ReactNode }) {
  if (useIsAdmin()) return children;
  return (
    <Text p="md" role="alert">
      {NEED_INSTANCE_ADMIN}
    </Text>
  );
}
