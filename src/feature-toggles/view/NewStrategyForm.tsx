import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ContextField } from '../../strategies/constraints';
import { strategyDisplayName, type StrategyDefinition } from '../../strategies/definitions';
import { StrategyForm } from '../../strategies/StrategyForm';
import { useStrategyEditor } from '../../strategies/strategy-editor';
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
export function NewStrategyForm({ definition, featureName, environment, contextFields, constraintsEnabled, onSave, onCancel }: Props) {
  const editor = useStrategyEditor(newStrategy(definition, featureName), definition);
  const [saving, setSaving] = useState(false);
  const title = strategyDisplayName(definition.name, definition);
  const heading = useRef<HTMLHeadingElement>(null);
  // Picked by a button that is now gone: the keyboard continues at the form.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editor.valid || saving) return;
    setSaving(true);
    try {
      await onSave(editor.saved());
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" className="sy-new-strategy">
      <form onSubmit={onSubmit} aria-label={`Configure ${title}`} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <Badge color="indigo">New strategy</Badge>
            <Title order={3} size="h4" ref={heading} tabIndex={-1}>
              {title} in {environment}
            </Title>
          </Group>
          <StrategyForm
            definition={definition}
            strategy={editor.strategy}
            onChange={editor.setStrategy}
            contextFields={contextFields}
            constraintsEnabled={constraintsEnabled}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!editor.valid} loading={saving}>
              Save strategy
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
