import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  size?: ModalProps['size'];
  onClose(): void;
  children: ReactNode;
}

/** The console's dialog: open while it is drawn, with a large close button named 'Close' (a thumb's target). */
export function Dialog({ title, size, onClose, children }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}>
      {children}
    </Modal>
  );
}
