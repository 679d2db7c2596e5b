import { Badge, Group, Paper, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ContextField } from '../../strategies/constraints';
import { strategyDisplayName, type StrategyDefinition } from '../../strategies/definitions';
import { StrategyConfigureForm } from '../../strategies/StrategyForm';
import { newStrategy, type EditedStrategy } from '../../strategies/strategy-instance';

interface Props {
  definition: StrategyDefinition;
  featureName: string;
  environment: string;
  contextFields: ContextField[];
  constraintsEnabled: boolean;
  onSave(strategy: EditedStrategy): Promise<void> | void;
  onCancel(): void;
}

/** A new, unsaved strategy being configured (shown apart from the saved ones): Save adds it, Cancel goes back. */
export function NewStrategyForm({
  definition,
  featureName,
  environment,
  contextFields,
  constraintsEnabled,
  onSave,
  onCancel,
}: Props) {
  const title = strategyDisplayName(definition.name, definition);
  const heading = useRef<HTMLHeadingElement>(null);
  // Picked by a button that is now gone: the keyboard continues at the form.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder radius="md" p="md" className="sy-new-strategy">
      <StrategyConfigureForm
        definition={definition}
        initial={newStrategy(definition, featureName)}
        label={`Configure ${title}`}
        saveLabel="Save strategy"
        contextFields={contextFields}
        constraintsEnabled={constraintsEnabled}
        onCancel={onCancel}
        onSave={onSave}
      >
        <Group gap="xs">
          <Badge color="indigo">New strategy</Badge>
          <Title order={3} size="h4" ref={heading} tabIndex={-1}>
            {title} in {environment}
          </Title>
        </Group>
      </StrategyConfigureForm>
    </Paper>
  );
}
