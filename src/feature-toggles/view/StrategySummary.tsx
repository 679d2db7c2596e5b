import { Badge, Group, Stack } from '@mantine/core';
import { ConstraintSummary } from '../../strategies/ConstraintsEditor';
import { findDefinition, strategyDisplayName, type StrategyDefinition } from '../../strategies/definitions';
import type { StrategyInstance } from '../features';

/** A strategy's display name (the spec's names for built-ins, else the definition's). */
export function strategyTitle(strategy: StrategyInstance, definitions: StrategyDefinition[] | undefined): string {
  return strategyDisplayName(strategy.name, findDefinition(definitions, strategy.name));
}

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
