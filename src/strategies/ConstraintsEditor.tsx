import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { OPERATORS, type Constraint } from '../../contract/constraints';
import {
  constraintErrors,
  dropEmptyConstraints,
  ENTERPRISE_ONLY,
  newConstraint,
  type ContextField,
} from './constraints';
import { ListValuesInput } from './ListValuesInput';
import './strategies.css';

export interface ConstraintsEditorProps {
  constraints: Constraint[];
  onChange(constraints: Constraint[]): void;
  /** GET api/admin/context: the context fields a constraint can name. */
  contextFields: ContextField[];
  /** The enterprise flag C of the UI config; without it only the notice (and any existing constraints) shows. */
  enabled: boolean;
  /** No permission: the constraints show, the button to define them does not. */
  disabled?: boolean;
  /**
   * Told when the 'Define constraints' dialog opens and closes: a dialog around the editor should not close on
   * Escape while it is open (Mantine closes every open modal on one Escape).
   */
  onDialogToggle?(open: boolean): void;
}

/** A constraint in one line: `userId IN 1, 2`. */
export function ConstraintSummary({ constraint }: { constraint: Constraint }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <code>{constraint.contextName}</code> {constraint.operator || 'IN'} {constraint.values.join(', ')}
    </Text>
  );
}

function ConstraintFields({
  constraint,
  index,
  contextFields,
  error,
  onChange,
  onRemove,
}: {
  constraint: Constraint;
  index: number;
  contextFields: ContextField[];
  error?: string;
  onChange(constraint: Constraint): void;
  onRemove(): void;
}) {
  const names = contextFields.map((f) => f.name);
  const field = contextFields.find((f) => f.name === constraint.contextName);
  const legalValues = field?.legalValues ?? [];
  const label = `Constraint ${index + 1}`;
  return (
    <Paper component="fieldset" withBorder p="sm" radius="md" m={0} className="sy-fieldset">
      <legend className="sy-fieldset-legend">{label}</legend>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove constraint ${index + 1}`}
        onClick={onRemove}
        className="sy-fieldset-remove"
      >
        <IconTrash size={20} aria-hidden />
      </ActionIcon>
      <Stack gap="sm">
        <div className="sy-constraint-row">
          <NativeSelect
            label="Context field"
            value={constraint.contextName}
            data={names.includes(constraint.contextName) ? names : [constraint.contextName, ...names]}
            description={field?.description || undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(e) => onChange({ ...constraint, contextName: e.currentTarget.value, values: [] })}
          />
          <NativeSelect
            label="Operator"
            value={constraint.operator || 'IN'}
            data={[...OPERATORS]}
            onChange={(e) => onChange({ ...constraint, operator: e.currentTarget.value })}
          />
        </div>
        {legalValues.length > 0 ? (
          <Checkbox.Group
            label="Values"
            value={constraint.values}
            error={error}
            onChange={(values) => onChange({ ...constraint, values })}
          >
            <Group gap="md" mt={6}>
              {legalValues.map((value) => (
                <Checkbox key={value} value={value} label={value} size="md" className="sy-touch-check" />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <ListValuesInput
            label="Values"
            values={constraint.values}
            error={error}
            onChange={(values) => onChange({ ...constraint, values })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The 'Define constraints' dialog. Edits apply as they are made; 'Update constraints' checks that every constraint
 * has a value ('You need to specify at least one value', and stays disabled while one has none); closing (the X or
 * Escape) drops constraints with no values.
 */
function ConstraintsDialog({
  constraints,
  contextFields,
  onChange,
  onClose,
}: {
  constraints: Constraint[];
  contextFields: ContextField[];
  onChange(constraints: Constraint[]): void;
  onClose(): void;
}) {
  const [checked, setChecked] = useState(false);
  const phone = useMediaQuery('(max-width: 499.98px)');
  const errors = checked ? constraintErrors(constraints) : [];
  const hasError = errors.some(Boolean);

  const close = () => {
    onChange(dropEmptyConstraints(constraints));
    onClose();
  };

  const update = () => {
    if (constraintErrors(constraints).some(Boolean)) {
      setChecked(true);
      return;
    }
    onChange(dropEmptyConstraints(constraints));
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title="Define constraints"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Use context fields to constrain the activation strategy.
        </Text>
        {constraints.length === 0 && <Text>No constraints configured</Text>}
        {constraints.map((constraint, index) => (
          <ConstraintFields
            key={index}
            index={index}
            constraint={constraint}
            contextFields={contextFields}
            error={errors[index]}
            onChange={(changed) => onChange(constraints.map((c, i) => (i === index ? changed : c)))}
            onRemove={() => onChange(constraints.filter((_, i) => i !== index))}
          />
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...constraints, newConstraint(contextFields)])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add constraint
        </Button>
        <Group justify="flex-end">
          <Button onClick={update} disabled={hasError}>
            Update constraints
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Constraints of a strategy: the list, and a dialog to define them (enterprise flag C; otherwise the notice). */
export function ConstraintsEditor({
  constraints,
  onChange,
  contextFields,
  enabled,
  disabled,
  onDialogToggle,
}: ConstraintsEditorProps) {
  const [open, setOpenState] = useState(false);
  const setOpen = (value: boolean) => {
    setOpenState(value);
    onDialogToggle?.(value);
  };
  return (
    <Stack gap={6} component="section" aria-label="Constraints">
      <Title order={3} size="h5">
        Constraints
      </Title>
      {constraints.length === 0 ? (
        enabled && <Text size="sm">No constraints configured</Text>
      ) : (
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {constraints.map((constraint, index) => (
            <li key={index}>
              <ConstraintSummary constraint={constraint} />
            </li>
          ))}
        </Stack>
      )}
      {!enabled ? (
        <Alert variant="light" color="gray">
          {ENTERPRISE_ONLY}
        </Alert>
      ) : (
        !disabled && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {constraints.length === 0 ? 'Add constraints' : 'Edit constraints'}
          </Button>
        )
      )}
      {open && (
        <ConstraintsDialog
          constraints={constraints}
          contextFields={contextFields}
          onChange={onChange}
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}
