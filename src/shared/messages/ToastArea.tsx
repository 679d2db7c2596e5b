import { CloseButton, Paper, Text } from '@mantine/core';
import { toastStore, useToasts } from './toast';

/** The toast area of the main layout. */
export function ToastArea() {
  const toasts = useToasts();
  return (
    <div className="sy-toast-area" aria-live="polite">
      {toasts.map((toast) => (
        <Paper
          key={toast.id}
          className="sy-toast"
          data-type={toast.type}
          role={toast.type === 'error' ? 'alert' : 'status'}
          shadow="md"
          radius="md"
        >
          <Text size="sm" style={{ flex: 1 }}>
            {toast.text}
          </Text>
          <CloseButton size="lg" aria-label="Close message" onClick={() => toastStore.hide(toast.id)} />
        </Paper>
      ))}
    </div>
  );
}
