import { Anchor, Checkbox, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { FormFrame } from '../../shared/forms/FormFrame';
import '../../shared/forms/fieldset.css';
import type { AddonParameter } from '../api/queries';
import type { AddonForm as Form } from './use-addon-form';
import '../addons.css';

interface Props {
  form: Form;
  onCancel(): void;
}

/** One parameter as its definition says: a text field, or a text area for 'textfield'. */
function ParameterField({ parameter, form }: { parameter: AddonParameter; form: Form }) {
  const common = {
    label: parameter.displayName,
    description: parameter.description,
    placeholder: parameter.placeholder,
    required: parameter.required,
    autoComplete: 'off',
    value: form.values.parameters[parameter.name] ?? '',
    error: form.parameterErrors[parameter.name],
  };
  if (parameter.type === 'textfield') {
    return (
      <Textarea
        {...common}
        autosize
        minRows={4}
        onChange={(e) => form.setParameter(parameter.name, e.currentTarget.value)}
      />
    );
  }
  return <TextInput {...common} onChange={(e) => form.setParameter(parameter.name, e.currentTarget.value)} />;
}

/** /addons/create/{provider} and /addons/edit/{id}: enabled, description, the provider's parameters and events. */
export function AddonForm({ form, onCancel }: Props) {
  const { values, errors, provider, editMode } = form;
  const eventsError = useId();
  const title = `${editMode ? 'Edit' : 'Configure'} ${provider.displayName} addon`;

  return (
    <FormFrame
      form={form}
      title={title}
      intro={
        <>
          {provider.description}{' '}
          {provider.documentationUrl && (
            <Anchor href={provider.documentationUrl} target="_blank" rel="noreferrer" underline="always" inherit>
              Read more about the {provider.displayName} addon
            </Anchor>
          )}
        </>
      }
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission={editMode ? 'UPDATE_ADDON' : 'CREATE_ADDON'} onlineOnly>
          {editMode ? 'Update' : 'Create'}
        </PermissionButton>
      )}
    >
      <Switch size="md" label="Enabled" {...form.checkbox('enabled')} />
      <DescriptionField {...form.field('description')} />
      <fieldset className="sy-fieldset">
        <legend>Parameters</legend>
        <Stack gap="sm">
          {provider.parameters.map((parameter) => (
            <ParameterField key={parameter.name} parameter={parameter} form={form} />
          ))}
        </Stack>
      </fieldset>
      <fieldset className="sy-fieldset" aria-describedby={errors.events ? eventsError : undefined}>
        <legend>Events</legend>
        <Text size="sm" c="dimmed" mb="xs">
          Choose the events this addon listens to.
        </Text>
        <div className="sy-addon-events">
          {provider.events.map((event) => (
            <Checkbox
              key={event}
              size="md"
              className="sy-addon-event"
              label={event}
              checked={values.events.includes(event)}
              onChange={(e) => form.setEvent(event, e.currentTarget.checked)}
            />
          ))}
        </div>
        {errors.events && (
          <Text id={eventsError} size="sm" c="var(--mantine-color-error)" role="alert" mt="xs">
            {errors.events}
          </Text>
        )}
      </fieldset>
    </FormFrame>
  );
}
