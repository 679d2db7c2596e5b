import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useOfflineEngine, usePendingChanges } from './context';
import { failedCount, waitingLabel, waitingWords } from './labels';

// The list loads when first opened.
const WaitingList = lazy(() => import('./WaitingList'));

/**
 * The header's count of changes not yet synced (another account's held ones too: they wait), and of the failed
 * ones among them; it opens the list of them. Hidden when there are none. Red when one of the signed-in account's
 * needs a decision.
 */
export function WaitingChanges() {
  const { isMine } = useOfflineEngine().pending;
  const entries = usePendingChanges();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (entries.length === 0 && !opened) return null;
  const failed = failedCount(entries, isMine);
  const label = waitingLabel(entries.length, failed);
  const attention = entries.some((entry) => (entry.state === 'conflict' || entry.state === 'failed') && isMine(entry));
  return (
    <>
      {entries.length > 0 && (
        <Button
          className="sy-waiting-button"
          color={attention ? 'red' : 'yellow'}
          c={attention ? undefined : 'dark'}
          leftSection={<IconCloudUpload size={20} aria-hidden />}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
        >
          <span className="sy-waiting-count">{entries.length}</span>{' '}
          <span className="sy-waiting-words" aria-hidden>
            {waitingWords(entries.length, failed)}
          </span>
        </Button>
      )}
      {used && (
        <Suspense>
          <WaitingList opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
