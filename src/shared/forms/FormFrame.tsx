import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormButtons } from './DialogForm';
import { useLeaveGuard } from './leave-guard';

interface Props {
  /** The form's state (useForm): its submit, general error, whether it is saving, changed, or saved. */
  form: {
    onSubmit(event: FormEvent): void;
    errors: { general?: string };
    submitting: boolean;
    dirty: boolean;
    isSaved(): boolean;
  };
  /** The form's name: its heading, and its label for assistive technology. */
  title: string;
  /** The heading's level: 1 on a page of its own, 2 inside a tab; false where the page names the form already. */
  heading?: 1 | 2 | false;
  /** A line under the heading: what the form is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** The submit button (the domain's permission button), given its type and loading state. */
  submit(button: { type: 'submit'; loading: boolean }): ReactNode;
  onCancel?(): void;
  /** Instead of the Cancel button (a link back). */
  cancel?: ReactNode;
  /** A bordered panel of its own ('panel'), or none where the page draws one around it. */
  frame?: 'panel' | 'none';
  maw?: number;
}

/**
 * Every create and edit form: heading, intro, the general error, the fields, Cancel and the submit button. While
 * the form differs from its start, leaving the page asks first (useLeaveGuard), until a submit has succeeded.
 */
export function FormFrame({
  form,
  title,
  heading = 1,
  intro,
  children,
  submit,
  onCancel,
  cancel,
  frame = 'panel',
  maw = 760,
}: Props) {
  useLeaveGuard(() => form.dirty && !form.isSaved());
  const content = (
    <form onSubmit={form.onSubmit} aria-label={title} noValidate>
      <Stack gap="md" maw={frame === 'none' ? maw : undefined}>
        {heading && (
          <Title order={heading} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        )}
        {intro && (
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        )}
        {form.errors.general && (
          <Alert color="red" role="alert" variant="light">
            {form.errors.general}
          </Alert>
        )}
        {children}
        <FormButtons onCancel={onCancel} cancel={cancel}>
          {submit({ type: 'submit', loading: form.submitting })}
        </FormButtons>
      </Stack>
    </form>
  );
  if (frame === 'none') return content;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={maw}>
      {content}
    </Paper>
  );
}
