import { Badge, Paper, Stack, Text } from '@mantine/core';
import type { ChangeRequest } from '../../../contract/change-requests';
import { useProjectFeature } from '../../feature-toggles/api/queries';
import type { FeatureEnvironment } from '../../feature-toggles/types';
import { StrategySummary } from '../../strategies/components/StrategySummary';
import { STRATEGY_NAMES } from '../../strategies/definitions';
import type { StrategyInstance } from '../../strategies/strategy-instance';
import { changeWords } from '../rules';

type Change = ChangeRequest['changes'][number];

function Strategy({ strategy }: { strategy: StrategyInstance }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{STRATEGY_NAMES[strategy.name] ?? strategy.name}</Text>
      <StrategySummary strategy={strategy} />
    </Stack>
  );
}

const OnOff = ({ enabled }: { enabled: boolean }) => (
  <Badge variant="light" color={enabled ? 'green' : 'gray'} size="lg">
    {enabled ? 'On' : 'Off'}
  </Badge>
);

const Nothing = ({ children }: { children: string }) => (
  <Text c="dimmed" size="sm">
    {children}
  </Text>
);

function Order({ ids, strategies }: { ids: string[]; strategies: StrategyInstance[] }) {
  return (
    <Stack component="ol" gap={2} m={0} pl="lg">
      {ids.map((id) => {
        const strategy = strategies.find((s) => s.id === id);
        return <li key={id}>{strategy ? (STRATEGY_NAMES[strategy.name] ?? strategy.name) : id}</li>;
      })}
    </Stack>
  );
}

/** The two sides of one change: the environment as it is now, and what the change makes of it. */
function sides(change: Change, now: FeatureEnvironment) {
  const payload = change.payload as Record<string, unknown>;
  const current = (id: unknown) => now.strategies.find((s) => s.id === id);
  switch (change.action) {
    case 'updateEnabled':
      return [<OnOff enabled={now.enabled} />, <OnOff enabled={payload.enabled === true} />];
    case 'addStrategy':
      return [<Nothing>Not there</Nothing>, <Strategy strategy={payload as unknown as StrategyInstance} />];
    case 'updateStrategy': {
      const before = current(payload.id);
      const after = { ...before, ...payload } as StrategyInstance;
      return [
        before ? <Strategy strategy={before} /> : <Nothing>Removed since</Nothing>,
        <Strategy strategy={after} />,
      ];
    }
    case 'deleteStrategy': {
      const before = current(payload.id);
      return [before ? <Strategy strategy={before} /> : <Nothing>Removed since</Nothing>, <Nothing>Removed</Nothing>];
    }
    default: {
      const order = [...(change.payload as { id: string; sortOrder: number }[])].sort(
        (a, b) => a.sortOrder - b.sortOrder,
      );
      return [
        <Order ids={now.strategies.flatMap((s) => (s.id ? [s.id] : []))} strategies={now.strategies} />,
        <Order ids={order.map((o) => o.id)} strategies={now.strategies} />,
      ];
    }
  }
}

/** One change of a request: its toggle and what it does, with the toggle's current state beside what it becomes. */
export function ChangeDiff({ project, environment, change }: { project: string; environment: string; change: Change }) {
  const feature = useProjectFeature(project, change.feature);
  const now = feature.data?.environments.find((env) => env.name === environment);
  const [before, after] = now ? sides(change, now) : [];
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {changeWords(change)}
        </Text>
        {now ? (
          <div className="sy-cr-sides">
            <Stack gap={4} className="sy-cr-side">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Now
              </Text>
              {before}
            </Stack>
            <Stack gap={4} className="sy-cr-side sy-cr-after">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                After this change
              </Text>
              {after}
            </Stack>
          </div>
        ) : (
          <Nothing>
            {feature.isError
              ? `${change.feature} could not be read: it may have been archived.`
              : 'Loading the toggle…'}
          </Nothing>
        )}
      </Stack>
    </Paper>
  );
}
