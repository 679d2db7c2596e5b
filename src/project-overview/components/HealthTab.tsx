import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { pastLifetime } from '../../../contract/projects';
import { useFeatureTypes } from '../../feature-toggles/api/queries';
import { formatDateTime } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { useHealthReport, type ProjectToggle } from '../../projects/api/queries';
import { fetchHealthFailed, NO_TOGGLES } from '../messages';
import { CleanUp } from './CleanUp';
import { ToggleLink } from './ToggleLink';
import { HealthBadge } from '../../projects/components/HealthBadge';

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value ?? 0}
      </Text>
    </Paper>
  );
}

/**
 * The health tab: the rating (under 50 danger, under 75 warning), the counts, the toggles to clean up with their
 * actions, and each toggle's health.
 */
export function HealthTab({ projectId }: { projectId: string }) {
  const report = useHealthReport(projectId);
  const types = useFeatureTypes().data ?? [];
  const locale = useLocale();

  if (report.isPending) return <Loader aria-label="Loading the health report" />;
  if (report.isError && !report.data) {
    return (
      <Text c="red.8" role="alert">
        {fetchHealthFailed(projectId)}
      </Text>
    );
  }
  const { data } = report;
  const now = data.updatedAt ? Date.parse(data.updatedAt) : Date.now();
  const lifetimeOf = (type: string | undefined) => types.find((t) => t.id === type)?.lifetimeDays;
  const potentiallyStale = (toggle: ProjectToggle) =>
    !toggle.stale && !!toggle.createdAt && pastLifetime(Date.parse(toggle.createdAt), lifetimeOf(toggle.type), now);
  const stale = new Set(data.features.filter((toggle) => toggle.stale).map((toggle) => toggle.name));

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={2} size="h3">
          Health rating
        </Title>
        <HealthBadge health={data.health} size="lg" />
      </Group>
      {data.updatedAt && (
        <Text size="sm" c="dimmed">
          Last updated {formatDateTime(data.updatedAt, locale)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Count label="Active toggles" value={data.activeCount} />
        <Count label="Stale toggles" value={data.staleCount} />
        <Count label="Potentially stale toggles" value={data.potentiallyStaleCount} />
      </SimpleGrid>
      <CleanUp projectId={projectId} isStale={(name) => stale.has(name)} />
      <Title order={2} size="h4">
        Toggles
      </Title>
      {data.features.length === 0 ? (
        <Text>{NO_TOGGLES}</Text>
      ) : (
        <Paper
          withBorder
          radius="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Toggle health"
        >
          {data.features.map((toggle) => {
            const potentially = potentiallyStale(toggle);
            return (
              <Group key={toggle.name} component="li" justify="space-between" px="md" py={4} wrap="wrap" gap="xs">
                <ToggleLink projectId={projectId} name={toggle.name} />
                <Group gap={6}>
                  <Badge color={potentially ? 'orange' : 'green'} variant="light">
                    {potentially ? 'Potentially stale' : 'Healthy'}
                  </Badge>
                  <Badge color={toggle.stale ? 'red' : 'gray'} variant="outline">
                    {toggle.stale ? 'Stale' : 'Active'}
                  </Badge>
                </Group>
              </Group>
            );
          })}
        </Paper>
      )}
    </Stack>
  );
}
