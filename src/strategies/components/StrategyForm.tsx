import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ConstraintsEditor } from './ConstraintsEditor';
import type { ContextField } from '../../context/rules';
import { strategyDisplayName, type StrategyDefinition } from '../definitions';
import { StrategyParametersEditor } from './StrategyParametersEditor';
import { useStrategyEditor } from './strategy-editor';
import type { EditedStrategy } from '../strategy-instance';
import { useStrategyReferenceData } from '../api/queries';

export interface StrategyFormProps {
  definition: StrategyDefinition;
  strategy: EditedStrategy;
  onChange(strategy: EditedStrategy): void;
  contextFields: ContextField[];
  /** The enterprise flag C. */
  constraintsEnabled: boolean;
  disabled?: boolean;
  /** See `ConstraintsEditor`: for a dialog around the form. */
  onConstraintsDialogToggle?(open: boolean): void;
}

/** A strategy's configuration: its constraints, then a field per parameter of its definition. */
export function StrategyForm({
  definition,
  strategy,
  onChange,
  contextFields,
  constraintsEnabled,
  disabled,
  onConstraintsDialogToggle,
}: StrategyFormProps) {
  return (
    <Stack gap="lg">
      {definition.description && (
        <Text size="sm" c="dimmed">
          {definition.description}
        </Text>
      )}
      <ConstraintsEditor
        constraints={strategy.constraints}
        onChange={(constraints) => onChange({ ...strategy, constraints })}
        contextFields={contextFields}
        enabled={constraintsEnabled}
        disabled={disabled}
        onDialogToggle={onConstraintsDialogToggle}
      />
      <StrategyParametersEditor
        definition={definition}
        parameters={strategy.parameters}
        onChange={(parameters) => onChange({ ...strategy, parameters })}
        contextFields={contextFields}
        disabled={disabled}
      />
    </Stack>
  );
}

export interface StrategyConfigureFormProps {
  definition: StrategyDefinition;
  /** A new strategy (`newStrategy`) or a saved one (`toEdited`). */
  initial: EditedStrategy;
  /** The form's accessible name. */
  label: string;
  saveLabel: string;
  contextFields: ContextField[];
  constraintsEnabled: boolean;
  /** Shown above the fields: a heading, why saving failed. */
  children?: ReactNode;
  onCancel(): void;
  /** Gets the body to save (normalised, without empty constraints); Save shows it is busy until this settles. */
  onSave(strategy: EditedStrategy): Promise<void> | void;
  onConstraintsDialogToggle?(open: boolean): void;
}

/** Configuring one strategy: the form, Cancel and Save (disabled while a parameter has an error; Enter saves too). */
export function StrategyConfigureForm({
  definition,
  initial,
  label,
  saveLabel,
  contextFields,
  constraintsEnabled,
  children,
  onCancel,
  onSave,
  onConstraintsDialogToggle,
}: StrategyConfigureFormProps) {
  const editor = useStrategyEditor(initial, definition);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save(onSave);
      }}
    >
      <Stack gap="md">
        {children}
        <StrategyForm
          definition={definition}
          strategy={editor.strategy}
          onChange={editor.setStrategy}
          contextFields={contextFields}
          constraintsEnabled={constraintsEnabled}
          onConstraintsDialogToggle={onConstraintsDialogToggle}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!editor.valid} loading={editor.saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface StrategyConfigureDialogProps {
  definition: StrategyDefinition;
  /** A new strategy (`newStrategy`) or a saved one (`toEdited`). */
  initial: EditedStrategy;
  onCancel(): void;
  /**
   * Gets the body to save (normalised, without empty constraints); the dialog stays open until it resolves, and shows
   * why it failed.
   */
  onSave(strategy: EditedStrategy): Promise<void>;
}

/** 'Configure {name} strategy': the configure form in a dialog, which shows why saving failed. */
export function StrategyConfigureDialog({ definition, initial, onCancel, onSave }: StrategyConfigureDialogProps) {
  const { contextFields, constraintsEnabled } = useStrategyReferenceData();
  const [error, setError] = useState<string>();
  const [constraintsOpen, setConstraintsOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 499.98px)');

  const save = async (strategy: EditedStrategy) => {
    setError(undefined);
    try {
      await onSave(strategy);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      closeOnEscape={!constraintsOpen}
      title={`Configure ${strategyDisplayName(definition.name, definition)} strategy`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}
    >
      <StrategyConfigureForm
        definition={definition}
        initial={initial}
        label="Configure strategy"
        saveLabel="Save"
        contextFields={contextFields}
        constraintsEnabled={constraintsEnabled}
        onCancel={onCancel}
        onSave={save}
        onConstraintsDialogToggle={setConstraintsOpen}
      >
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </StrategyConfigureForm>
    </Modal>
  );
}
