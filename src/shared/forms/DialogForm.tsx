import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface ButtonsProps {
  onCancel?(): void;
  /** Instead of the Cancel button (a link back). */
  cancel?: ReactNode;
  /** The submit button. */
  children: ReactNode;
}

/** A form's closing row: Cancel, then the submit button, on the right. */
export function FormButtons({ onCancel, cancel, children }: ButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {cancel ?? (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {children}
    </Group>
  );
}

interface Props {
  onSubmit(event: FormEvent): void;
  /** The general error: why the last submit failed. */
  error?: string;
  /** The form's name for assistive technology, where the dialog holds more than the form. */
  label?: string;
  children: ReactNode;
  /** The submit button (the domain's permission button, mostly). */
  submit: ReactNode;
  onCancel(): void;
}

/** A form inside a dialog (Dialog): the general error, the fields, Cancel and the submit button. */
export function DialogForm({ onSubmit, error, label, children, submit, onCancel }: Props) {
  return (
    <form onSubmit={onSubmit} aria-label={label} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        {children}
        <FormButtons onCancel={onCancel}>{submit}</FormButtons>
      </Stack>
    </form>
  );
}
