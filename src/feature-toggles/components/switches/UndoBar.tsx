import { Button, CloseButton, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { usePendingChanges } from '../../../offline/context';
import { useToggleEnvironment } from '../../api/use-toggle-environment';
import { flippedText, UNDO_MS, undoOffer, useUndoOffer } from './flip';

/**
 * After a flip, for UNDO_MS (longer while it has focus or the pointer): what was done, and Undo, which queues the
 * opposite flip (a new change: history is never rewritten) without asking again. A flip the server refused or that
 * conflicts is not offered for undo: there is nothing to undo, and its outcome shows in the waiting list.
 */
export default function UndoBar() {
  const offer = useUndoOffer();
  const entries = usePendingChanges();
  const { mutate } = useToggleEnvironment();
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!offer || held) return;
    const timer = window.setTimeout(() => undoOffer.withdraw(offer), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [offer, held]);

  const queued = offer && entries.find((entry) => entry.seq === offer.seq);
  if (!offer || queued?.state === 'failed' || queued?.state === 'conflict') return null;
  const { flip } = offer;
  const undo = () => {
    undoOffer.withdraw(offer);
    setHeld(false);
    mutate({ project: flip.project, name: flip.feature, environment: flip.environment.name, enabled: !flip.enabled });
  };

  return (
    <Paper
      className="sy-undo-bar"
      role="status"
      shadow="md"
      radius="md"
      withBorder
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        {flippedText(flip)}
      </Text>
      <Button
        size="sm"
        variant="light"
        onClick={undo}
        aria-label={`Undo turning ${flip.feature} ${flip.enabled ? 'on' : 'off'} in ${flip.environment.name}`}
      >
        Undo
      </Button>
      <CloseButton size="lg" aria-label="Dismiss" onClick={() => undoOffer.withdraw(offer)} />
    </Paper>
  );
}
