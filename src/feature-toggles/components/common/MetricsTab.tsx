import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { EMPTY_USAGE, NO_ENVIRONMENT_METRICS, NOT_SEEN, NOT_USED, usageIn, useFeatureUsage } from './feature-usage';
import { UsageCounts } from './UsageCounts';

/**
 * Metrics: yes/no of the last hour per environment, and the applications that have seen the toggle. The new view
 * gives the toggle's environments; the classic page, which reads the toggle without them, the instance's.
 */
export function MetricsTab({ feature }: { feature: { name: string; environments: { name: string }[] } }) {
  const usage = useFeatureUsage(feature.name);
  if (usage.isPending) return <Loader aria-label="Loading metrics" />;
  const data = usage.data ?? EMPTY_USAGE;
  return (
    <Stack gap="md">
      <section aria-labelledby="metrics-last-hour">
        <Title order={2} size="h4" id="metrics-last-hour" mb="xs">
          Last hour
        </Title>
        {data.lastHourUsage.length === 0 && (
          <Text c="dimmed" mb="sm">
            {NOT_USED}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {feature.environments.map((environment) => {
            const counts = usageIn(data, environment.name);
            return (
              <Paper key={environment.name} withBorder radius="md" p="md">
                <Text fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
                  {environment.name}
                </Text>
                {counts ? (
                  <UsageCounts counts={counts} environment={environment.name} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {NO_ENVIRONMENT_METRICS}
                  </Text>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      </section>
      <section aria-labelledby="metrics-applications">
        <Title order={2} size="h4" id="metrics-applications" mb="xs">
          Applications
        </Title>
        {data.seenApplications.length === 0 ? (
          <Text c="dimmed">{NOT_SEEN}</Text>
        ) : (
          <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.seenApplications.map((app) => (
              <li key={app}>
                <RouteLink to="/applications/$name" params={{ name: app }} className="sy-touch-link">
                  <Badge variant="light" size="lg" style={{ cursor: 'pointer' }}>
                    {app}
                  </Badge>
                </RouteLink>
              </li>
            ))}
          </Group>
        )}
      </section>
    </Stack>
  );
}
