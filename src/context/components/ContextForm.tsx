import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import '../../shared/forms/fieldset.css';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { NameField } from '../../shared/forms/NameField';
import { CONTEXT_FIELDS_INTRO } from '../messages';
import type { ContextForm as Form } from './use-context-form';
import '../context.css';

interface Props {
  form: Form;
  onCancel(): void;
}

/** /context/create and /context/edit/{name}: name (locked when editing), description, legal values, stickiness. */
export function ContextForm({ form, onCancel }: Props) {
  const { values, editMode } = form;
  const title = editMode ? 'Edit context field' : 'Create context field';

  const onValueKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.onAddLegalValue();
  };

  return (
    <FormFrame
      form={form}
      title={title}
      intro={CONTEXT_FIELDS_INTRO}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton
          {...button}
          permission={editMode ? 'UPDATE_CONTEXT_FIELD' : 'CREATE_CONTEXT_FIELD'}
          onlineOnly
        >
          {editMode ? 'Update' : 'Create'}
        </PermissionButton>
      )}
    >
      <NameField form={form} disabled={editMode} />
      <DescriptionField {...form.field('description')} />
      <fieldset className="sy-fieldset">
        <legend>Legal values</legend>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            By defining the legal values the admin console will validate the user input. A concrete example would be
            that we know all values for our “environment” (local, development, stage, production).
          </Text>
          <TextInput
            label="Value"
            autoComplete="off"
            value={form.legalValue}
            error={form.legalValueError}
            onChange={(e) => form.setLegalValue(e.currentTarget.value)}
            onKeyDown={onValueKeyDown}
            inputContainer={(field) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={form.onAddLegalValue}>
                  Add
                </Button>
              </Group>
            )}
          />
          {values.legalValues.length > 0 && (
            <Group gap={6} component="ul" aria-label="Legal values" className="sy-legal-value-list">
              {values.legalValues.map((value) => (
                <li key={value} className="sy-tag">
                  <span>{value}</span>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="xl"
                    radius="xl"
                    aria-label={`Remove ${value}`}
                    onClick={() => form.removeLegalValue(value)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </li>
              ))}
            </Group>
          )}
        </Stack>
      </fieldset>
      <Stack gap={4}>
        <Switch size="md" label="Custom stickiness" {...form.checkbox('stickiness')} />
        <Text size="sm" c="dimmed">
          With stickiness on, this field can be the stickiness of a gradual rollout and of variants: the same value
          always gets the same result.
        </Text>
      </Stack>
    </FormFrame>
  );
}
