import { Badge, Group, Stack } from '@mantine/core';
import type { StrategyInstance } from '../strategy-instance';
import { ConstraintSummary } from './ConstraintsEditor';

/** A saved strategy, read-only: its parameters and constraints. */
export function StrategySummary({ strategy }: { strategy: StrategyInstance }) {
  const parameters = Object.entries(strategy.parameters ?? {});
  const constraints = strategy.constraints ?? [];
  if (parameters.length === 0 && constraints.length === 0) return null;
  return (
    <Stack gap={6}>
      {parameters.length > 0 && (
        <dl className="sy-params">
          {parameters.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{key === 'rollout' || key === 'percentage' ? `${value}%` : value || '–'}</dd>
            </div>
          ))}
        </dl>
      )}
      {constraints.length > 0 && (
        <Group gap={6} align="flex-start" wrap="nowrap">
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Constraints
          </Badge>
          <Stack gap={2}>
            {constraints.map((constraint, index) => (
              <ConstraintSummary key={index} constraint={constraint} />
            ))}
          </Stack>
        </Group>
      )}
    </Stack>
  );
}
