import { Badge } from '@mantine/core';

/** A toggle's state beside its name in a header: Stale (red) or Active (green). */
export function StaleBadge({ stale }: { stale?: boolean }) {
  return (
    <Badge color={stale ? 'red' : 'green'} variant="light" size="lg">
      {stale ? 'Stale' : 'Active'}
    </Badge>
  );
}
