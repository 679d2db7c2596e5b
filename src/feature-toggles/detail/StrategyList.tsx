import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StrategyInstance } from '../features';

/** Display names of the built-in strategies (part 1 section 9). */
export const STRATEGY_NAMES: Record<string, string> = {
  default: 'Standard',
  flexibleRollout: 'Gradual rollout',
  userWithId: 'UserIDs',
  remoteAddress: 'IPs',
  applicationHostname: 'Hosts',
  gradualRolloutRandom: 'Randomized',
  gradualRolloutSessionId: 'Sessions',
  gradualRolloutUserId: 'Users',
};

/** The Activation tab, read-only: each strategy's name, parameters and constraints. */
export function StrategyList({ strategies }: { strategies: StrategyInstance[] }) {
  if (strategies.length === 0) return <Text c="dimmed">No activation strategies.</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Activation strategies">
      {strategies.map((strategy, index) => {
        const parameters = Object.entries(strategy.parameters ?? {});
        const constraints = strategy.constraints ?? [];
        return (
          <Paper component="li" key={strategy.id ?? index} withBorder radius="md" p="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {STRATEGY_NAMES[strategy.name] ?? strategy.name}
                </Title>
                <Badge variant="light" color="gray">
                  {strategy.name}
                </Badge>
              </Group>
              {parameters.length > 0 && (
                <dl className="sy-params">
                  {parameters.map(([key, value]) => (
                    <div key={key}>
                      <dt>{key}</dt>
                      <dd>{key === 'rollout' ? `${value}%` : value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {constraints.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    Constraints
                  </Text>
                  {constraints.map((c, i) => (
                    <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <code>{c.contextName}</code> {c.operator ?? 'IN'} {c.values.join(', ')}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
