import { Group, Text } from '@mantine/core';
import { yesPercent } from './feature-usage';

/** The yes/no counts of the last hour and the share of yes. */
export function UsageCounts({ counts, environment }: { counts: { yes: number; no: number }; environment: string }) {
  return (
    <Group gap="md" role="group" aria-label={`Requests in ${environment} in the last hour`}>
      <Text size="sm">
        <strong>{counts.yes}</strong> yes
      </Text>
      <Text size="sm">
        <strong>{counts.no}</strong> no
      </Text>
      <Text size="sm" c="dimmed">
        {yesPercent(counts)}% enabled
      </Text>
    </Group>
  );
}
