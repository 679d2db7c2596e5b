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
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DEFAULT_OPERATOR, type Constraint } from '../../../contract/constraints';
import type { ContextField } from '../../context/rules';
import {
  constraintErrors,
  constraintSentence,
  dateInputValue,
  dropEmptyConstraints,
  ENTERPRISE_ONLY,
  fromDateInput,
  isCaseOperator,
  newConstraint,
  OPERATOR_GROUPS,
  valueKind,
  withOperator,
} from '../constraints';
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

/** A constraint in one line, in words: 'userId is one of 1 or 2'. */
export function ConstraintSummary({ constraint }: { constraint: Constraint }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {constraintSentence(constraint)}
    </Text>
  );
}

/** The operator picker's options: every operator, grouped, named in words. */
const OPERATOR_OPTIONS = OPERATOR_GROUPS.map(({ group, operators }) => ({
  group,
  items: operators.map(({ operator, label }) => ({ value: operator, label })),
}));

/** The input that fits the operator: a list of values, a number, a date and time, a version or a pattern. */
function ValueInput({
  constraint,
  legalValues,
  error,
  onChange,
}: {
  constraint: Constraint;
  legalValues: string[];
  error?: string;
  onChange(constraint: Constraint): void;
}) {
  const operator = constraint.operator || DEFAULT_OPERATOR;
  const kind = valueKind(operator);
  const setValues = (values: string[]) => onChange({ ...constraint, values });
  const setValue = (value: string) => onChange({ ...constraint, value });
  if (kind === 'addresses') {
    return (
      <ListValuesInput
        label="IP addresses or ranges"
        description="Addresses (10.1.2.3) or ranges in CIDR notation (10.0.0.0/8)"
        values={constraint.values}
        error={error}
        onChange={setValues}
      />
    );
  }
  if (kind === 'list') {
    // The field's legal values as checkboxes for IN and NOT_IN (with any other value the constraint already has).
    if (legalValues.length > 0 && (operator === 'IN' || operator === 'NOT_IN')) {
      const options = [...legalValues, ...constraint.values.filter((v) => !legalValues.includes(v))];
      return (
        <Checkbox.Group label="Values" value={constraint.values} error={error} onChange={setValues}>
          <Group gap="md" mt={6}>
            {options.map((value) => (
              <Checkbox key={value} value={value} label={value} size="md" className="sy-touch-check" />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    return <ListValuesInput label="Values" values={constraint.values} error={error} onChange={setValues} />;
  }
  if (kind === 'date') {
    return (
      <TextInput
        type="datetime-local"
        label="Date and time (UTC)"
        value={dateInputValue(constraint.value)}
        error={error}
        onChange={(e) => setValue(fromDateInput(e.currentTarget.value))}
      />
    );
  }
  const common = { value: constraint.value ?? '', error, autoComplete: 'off' };
  if (kind === 'number') {
    return (
      <TextInput
        {...common}
        label="Number"
        inputMode="decimal"
        placeholder="42"
        onChange={(e) => setValue(e.currentTarget.value)}
      />
    );
  }
  if (kind === 'version') {
    return (
      <TextInput
        {...common}
        label="Version"
        placeholder="1.2.3"
        spellCheck={false}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      label="Regular expression"
      placeholder="^user-[0-9]+$"
      spellCheck={false}
      classNames={{ input: 'sy-pattern' }}
      onChange={(e) => setValue(e.currentTarget.value)}
    />
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
  const operator = constraint.operator || DEFAULT_OPERATOR;
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
            value={operator}
            data={OPERATOR_OPTIONS}
            onChange={(e) => onChange(withOperator(constraint, e.currentTarget.value))}
          />
        </div>
        <ValueInput constraint={constraint} legalValues={field?.legalValues ?? []} error={error} onChange={onChange} />
        <Group gap="lg">
          <Checkbox
            size="md"
            className="sy-touch-check"
            label="Negate"
            checked={constraint.inverted ?? false}
            onChange={(e) => onChange({ ...constraint, inverted: e.currentTarget.checked })}
          />
          {isCaseOperator(operator) && (
            <Checkbox
              size="md"
              className="sy-touch-check"
              label="Case-insensitive"
              checked={constraint.caseInsensitive ?? false}
              onChange={(e) => onChange({ ...constraint, caseInsensitive: e.currentTarget.checked })}
            />
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {constraintSentence(constraint)}
        </Text>
      </Stack>
    </Paper>
  );
}

export interface ConstraintListProps {
  constraints: Constraint[];
  contextFields: ContextField[];
  /** Each constraint's error, by index (see constraintErrors). */
  errors?: (string | undefined)[];
  onChange(constraints: Constraint[]): void;
}

/** Constraints as fields, each with its operator's input and its sentence, and 'Add constraint'. */
export function ConstraintList({ constraints, contextFields, errors = [], onChange }: ConstraintListProps) {
  return (
    <Stack gap="sm">
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
    </Stack>
  );
}

/**
 * The 'Define constraints' dialog. Edits apply as they are made; 'Update constraints' checks every constraint (a
 * list needs a value: 'You need to specify at least one value'; other operators their value rule) and stays
 * disabled while one fails; closing (the X or Escape) drops constraints with no value.
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
        <ConstraintList constraints={constraints} contextFields={contextFields} errors={errors} onChange={onChange} />
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
