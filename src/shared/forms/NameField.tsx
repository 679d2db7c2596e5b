import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

interface Props extends Omit<TextInputProps, 'value' | 'error' | 'onChange' | 'onBlur' | 'form'> {
  /** A form with a name check (useForm's `name`): its field's value, error and handlers. */
  form: {
    nameInput: {
      value: string;
      error?: string;
      onChange(event: ChangeEvent<HTMLInputElement>): void;
      onBlur(): void;
    };
  };
}

/** A form's required name (or id) field: trimmed and checked with the server as it is left. */
export function NameField({ form, label = 'Name', ...rest }: Props) {
  return <TextInput label={label} required autoComplete="off" {...form.nameInput} {...rest} />;
}
