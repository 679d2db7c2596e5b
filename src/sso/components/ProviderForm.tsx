import { Stack, Switch } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { FormErrors } from '../../shared/forms/use-form';
import { AutoCreateFields, type AutoCreateValues } from './AutoCreateFields';
import { SaveRow } from './SaveRow';

interface Props<V extends AutoCreateValues> {
  /** The provider's settings form (useSsoForm). */
  form: {
    values: V;
    errors: FormErrors<V>;
    setField<K extends keyof V>(field: K, value: V[K]): void;
    onSubmit(event: FormEvent): void;
    status: string;
    submitting: boolean;
  };
  /** The form's name (the tab's). */
  label: string;
  /** The provider's CallbackUrl, with what to register where. */
  callback: ReactNode;
  /** The provider's words for the Enable switch and the auto-create one. */
  enableDescription: string;
  autoCreateDescription: string;
  /** The provider's own fields, between Enable and auto-create. */
  children: ReactNode;
}

/** A provider's tab: the callback URL, Enable, its own fields, auto-create, then Save with the save status. */
export function ProviderForm<V extends AutoCreateValues>(props: Props<V>) {
  const { form, label, callback, enableDescription, autoCreateDescription, children } = props;
  const { values, errors, setField } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {callback}
        <Switch
          size="md"
          label="Enable"
          description={enableDescription}
          checked={values.enabled}
          onChange={(e) => setField('enabled', e.currentTarget.checked as V['enabled'])}
        />
        {children}
        <AutoCreateFields
          values={values}
          errors={errors}
          setField={setField}
          autoCreateDescription={autoCreateDescription}
        />
        <SaveRow status={form.status} error={errors.general} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
