import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { ErrorAlert } from './ErrorAlert';

export interface ConfirmDialogProps {
  /** The question, e.g. 'Really delete strategy?'. */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  /** Why the action was refused (the server's message); the dialog stays open to say so. */
  error?: string;
  onConfirm(): void;
  onClose(): void;
}

/** A confirmation: the question, what it concerns, Cancel and the confirm button. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      <Stack gap="md">
        {children && <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>}
        <ErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
