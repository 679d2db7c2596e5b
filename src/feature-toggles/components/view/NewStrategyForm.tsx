import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Segment } from '../../../../contract/segments';
import type { ContextField } from '../../../context/rules';
import { strategyDisplayName, type StrategyDefinition } from '../../../strategies/definitions';
import { useStrategyEditor } from '../../../strategies/components/strategy-editor';
import { newStrategy } from '../../../strategies/strategy-instance';
import { useStrategyExtras, type TargetedStrategy } from './strategy-extras';
import { ToggleStrategyFields } from './ToggleStrategyFields';

interface Props {
  definition: StrategyDefinition;
  project: string;
  featureName: string;
  environment: string;
  contextFields: ContextField[];
  constraintsEnabled: boolean;
  /** Every segment (undefined while loading). */
  segments: Segment[] | undefined;
  onSave(strategy: TargetedStrategy): Promise<void> | void;
  onCancel(): void;
}

/**
 * A new, unsaved strategy being configured (shown apart from the saved ones): its segments, constraints, parameters
 * and variants; Save adds it (disabled while a parameter has an error; Enter saves too), Cancel goes back.
 */
export function NewStrategyForm({
  definition,
  project,
  featureName,
  environment,
  contextFields,
  constraintsEnabled,
  segments,
  onSave,
  onCancel,
}: Props) {
  const title = strategyDisplayName(definition.name, definition);
  const heading = useRef<HTMLHeadingElement>(null);
  const editor = useStrategyEditor(newStrategy(definition, featureName), definition);
  const extras = useStrategyExtras();
  // Picked by a button that is now gone: the keyboard continues at the form.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder radius="md" p="md" className="sy-new-strategy">
      <form
        aria-label={`Configure ${title}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A variant dialog's form (in a portal) submits through React's tree too: only this form's own submit saves.
          if (event.target !== event.currentTarget) return;
          void editor.save((strategy) => onSave(extras.with(strategy)));
        }}
      >
        <Stack gap="md">
          <Group gap="xs">
            <Badge color="indigo">New strategy</Badge>
            <Title order={3} size="h4" ref={heading} tabIndex={-1}>
              {title} in {environment}
            </Title>
          </Group>
          <ToggleStrategyFields
            definition={definition}
            editor={editor}
            extras={extras}
            project={project}
            segments={segments}
            contextFields={contextFields}
            constraintsEnabled={constraintsEnabled}
            headingOrder={4}
            permission="CREATE_FEATURE"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!editor.valid} loading={editor.saving}>
              Save strategy
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
