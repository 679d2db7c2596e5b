import { CloseButton, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { toastStore, useToasts } from './toast';

/** The main layout's notification area (the snackbar, the update notice, the feedback prompt) at the bottom. */
const NOTIFICATION_AREA = '.sy-notification-area';
/** The space between the toasts and what the notification area shows. */
const GAP_PX = 8;

/**
 * Toasts sit at the bottom of the screen, stacked above whatever the notification area shows: never over the
 * notices at the top of the content (the refresh notice), the header, or the other messages. The area's height is
 * followed as it changes and kept in `--sy-notices-height`.
 */
function useAboveNotificationArea() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = ref.current;
    const below = area?.ownerDocument.querySelector(NOTIFICATION_AREA);
    if (!area || !below) return;
    const observer = new ResizeObserver(() => {
      const height = below.getBoundingClientRect().height;
      area.style.setProperty('--sy-notices-height', `${height > 0 ? height + GAP_PX : 0}px`);
    });
    observer.observe(below);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** The toast area of the main layout. */
export function ToastArea() {
  const toasts = useToasts();
  const ref = useAboveNotificationArea();
  return (
    <div ref={ref} className="sy-toast-area" aria-live="polite">
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
