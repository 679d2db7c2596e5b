import { ActionIcon, Button, Checkbox, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { NameField } from '../../shared/forms/NameField';
import { PARAMETER_TYPES } from '../definitions';
import type { DefinitionForm } from './use-definition-form';
import './strategies.css';

interface Props {
  form: DefinitionForm;
  onCancel(): void;
}

/** The custom-strategy form: name (locked when editing), description, parameters; Create or Update. */
export function StrategyDefinitionForm({ form, onCancel }: Props) {
  const { values, editMode } = form;
  return (
    <FormFrame
      form={form}
      title={editMode ? 'Edit strategy' : 'Create a new strategy'}
      heading={editMode ? false : 1}
      frame={editMode ? 'none' : 'panel'}
      maw={editMode ? 720 : 760}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission={editMode ? 'UPDATE_STRATEGY' : 'CREATE_STRATEGY'}>
          {editMode ? 'Update' : 'Create'}
        </PermissionButton>
      )}
    >
      {editMode && (
        <Text>
          Be careful! Changing a strategy definition might also require changes to the implementation in the clients.
        </Text>
      )}
      <NameField
        form={form}
        label="Strategy name"
        readOnly={editMode}
        description={editMode ? 'The name of a strategy cannot be changed.' : undefined}
      />
      <DescriptionField size="md" {...form.field('description')} />
      <Stack gap="sm" component="section" aria-labelledby="definition-parameters">
        <Title order={2} size="h4" id="definition-parameters">
          Parameters
        </Title>
        {values.parameters.length === 0 && <Text c="dimmed">No parameters.</Text>}
        {values.parameters.map((parameter, index) => (
          <Paper key={index} component="fieldset" withBorder radius="md" p="sm" m={0} className="sy-fieldset">
            <legend className="sy-fieldset-legend">Parameter {index + 1}</legend>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove parameter ${index + 1}`}
              onClick={() => form.removeParameter(index)}
              className="sy-fieldset-remove"
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
            <div className="sy-parameter-fields">
              <TextInput
                label="Parameter name"
                autoComplete="off"
                value={parameter.name}
                onChange={(e) => form.setParameter(index, { name: e.currentTarget.value })}
              />
              <NativeSelect
                label="Type"
                value={parameter.type || 'string'}
                data={[...PARAMETER_TYPES]}
                onChange={(e) => form.setParameter(index, { type: e.currentTarget.value })}
              />
              <TextInput
                label="Parameter description"
                className="sy-parameter-description"
                value={parameter.description ?? ''}
                onChange={(e) => form.setParameter(index, { description: e.currentTarget.value })}
              />
              <Checkbox
                label="Required"
                size="md"
                className="sy-touch-check"
                checked={!!parameter.required}
                onChange={(e) => form.setParameter(index, { required: e.currentTarget.checked })}
              />
            </div>
          </Paper>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={form.addParameter}
          style={{ alignSelf: 'flex-start' }}
        >
          Add parameter
        </Button>
      </Stack>
    </FormFrame>
  );
}
