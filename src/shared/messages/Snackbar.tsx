import { CloseButton, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { SNACKBAR_AUTO_HIDE_MS, snackbar, useSnackbarQueue } from './messages';

/** Shows the first queued message; it hides after 10 s or when muted, then the next one shows. */
export function Snackbar() {
  const [current] = useSnackbarQueue();

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => snackbar.mute(current), SNACKBAR_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  if (!current) return null;
  return (
    <Paper
      className="sy-snackbar"
      role={current.kind === 'error' ? 'alert' : 'status'}
      data-kind={current.kind}
      shadow="md"
      radius="md"
    >
      <Text size="sm" style={{ flex: 1 }}>
        {current.text}
      </Text>
      <CloseButton size="lg" aria-label="Dismiss message" onClick={() => snackbar.mute(current)} />
    </Paper>
  );
}
