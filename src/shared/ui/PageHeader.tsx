import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  /** The title and the actions stay on one line (actions whose text collapses on a phone). */
  nowrap?: boolean;
  /** Beside the title: the page's create button, mostly. */
  children?: ReactNode;
}

/** A page's title (its one h1) with its actions on the right, below it when the line is too narrow. */
export function PageHeader({ title, nowrap, children }: Props) {
  return (
    <Group justify="space-between" wrap={nowrap ? 'nowrap' : 'wrap'} gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
