import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { createPortal } from 'react-dom';
import type { ConfirmDialogProps } from './ConfirmDialog';
import './confirm-dialog-frame.css';

/**
 * ConfirmDialog's frame, drawn at once while the dialog's code loads: the same question (the dialog's name), what it
 * concerns, Cancel, and the confirm button busy until the dialog takes the frame's place. It uses none of the Modal's
 * code, so a screen can show it from its first render without loading the dialog's.
 */
export function ConfirmDialogFrame({
  title,
  children,
  confirmLabel,
  onClose,
}: Pick<ConfirmDialogProps, 'title' | 'children' | 'confirmLabel' | 'onClose'>) {
  const titleId = useId();
  return createPortal(
    <div className="sy-confirm-frame" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <Paper
        component="section"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy="true"
        className="sy-confirm-frame-content"
        shadow="xl"
      >
        <header className="sy-confirm-frame-header">
          <h2 id={titleId} className="sy-confirm-frame-title">
            {title}
          </h2>
          <CloseButton aria-label="Close" size="lg" onClick={onClose} />
        </header>
        <Stack gap="md" px="md" pb="md">
          {children && <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button loading>{confirmLabel}</Button>
          </Group>
        </Stack>
      </Paper>
    </div>,
    document.body,
  );
}
