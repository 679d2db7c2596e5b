import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import type { ContextForm as Form } from './use-context-form';
import '../context.css';

interface Props {
  form: Form;
  onCancel(): void;
}

/** /context/create and /context/edit/{name}: name (locked when editing), description, legal values, stickiness. */
export function ContextForm({ form, onCancel }: Props) {
  const { values, errors, editMode, setField } = form;
  const title = editMode ? 'Edit context field' : 'Create context field';

  const onValueKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.onAddLegalValue();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={form.onSubmit} aria-label={title} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            Context fields are a basic building block used to control roll-out. They can be used together with strategy
            constraints as part of the activation strategy evaluation.
          </Text>
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            autoComplete="off"
            disabled={editMode}
            value={values.name}
            error={errors.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            onBlur={form.onNameBlur}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
          />
          <fieldset className="sy-legal-values">
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
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      onClick={form.onAddLegalValue}
                    >
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
            <Switch
              size="md"
              label="Custom stickiness"
              checked={values.stickiness}
              onChange={(e) => setField('stickiness', e.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed">
              With stickiness on, this field can be the stickiness of a gradual rollout and of variants: the same value
              always gets the same result.
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <PermissionButton
              permission={editMode ? 'UPDATE_CONTEXT_FIELD' : 'CREATE_CONTEXT_FIELD'}
              onlineOnly
              type="submit"
              loading={form.submitting}
            >
              {editMode ? 'Update' : 'Create'}
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
