import { Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import { useAction } from '../shared/ui/use-action';
import { useOnline } from '../shared/api/connectivity';
import type { QueuedChange } from './changes';
import { useOfflineEngine, usePendingChanges } from './context';
import { APPLY_AGAIN, DISCARD, DISMISS, failedCount, RETRY, waitingLabel } from './labels';

const STATE_LABELS: Record<QueuedChange['state'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  conflict: { label: 'Changed elsewhere', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};
const OTHER_ACCOUNT = { label: 'Held', color: 'gray' };

/** Another account's change: held for that account; the signed-in one can only discard it. */
function otherAccountLine(entry: QueuedChange): string {
  const made = `Made while signed in as ${entry.user!.name}`;
  return entry.state === 'waiting' || entry.state === 'sending'
    ? `${made}: it is sent when that account signs in again.`
    : `${made}: it is kept until that account signs in again.`;
}

/**
 * Why a change of the signed-in account waits: an earlier change to the same toggle (`sameAccount`: the signed-in
 * account's too, else another account's) is held or failed.
 */
function behindLine(entry: QueuedChange, behind: QueuedChange, sameAccount: boolean): string {
  if (!sameAccount) return `Waits behind a change to "${entry.feature}" made while signed in as ${behind.user!.name}.`;
  return behind.state === 'failed'
    ? `Waits behind an earlier change to "${entry.feature}" that failed: retry or dismiss that one first.`
    : `Waits behind an earlier change to "${entry.feature}" held as changed elsewhere: apply or discard it first.`;
}

function Entry({ entry }: { entry: QueuedChange }) {
  const offline = useOfflineEngine();
  const { isMine } = offline.pending;
  const { busy, error, run } = useAction();
  const mine = isMine(entry);
  const state = mine ? STATE_LABELS[entry.state] : OTHER_ACCOUNT;
  const behind = mine ? offline.pending.heldBehind(entry) : undefined;
  const remove = () => void run(() => offline.cancel(entry.seq!));
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {offline.describe(entry)}
          </Text>
          <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
            {state.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Made {formatDistanceToNow(entry.createdAt, { addSuffix: true })}
        </Text>
        {!mine && <Text size="sm">{otherAccountLine(entry)}</Text>}
        {behind && <Text size="sm">{behindLine(entry, behind, isMine(behind))}</Text>}
        {mine && entry.state === 'conflict' && (
          <Text size="sm">
            "{entry.feature}" was changed elsewhere after this change was made; it is held until you decide.
          </Text>
        )}
        {mine && entry.state === 'failed' && entry.error && (
          <Text size="sm" c="var(--sy-failed)">
            {offline.failureMessage(entry, entry.error)}
          </Text>
        )}
        {error && (
          <Text size="sm" c="var(--sy-failed)" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          {!mine && (
            <Button size="sm" variant="default" loading={busy} onClick={remove}>
              {DISCARD}
            </Button>
          )}
          {mine && entry.state === 'conflict' && (
            <>
              <Button size="sm" loading={busy} onClick={() => void run(() => offline.applyAgain(entry.seq!))}>
                {APPLY_AGAIN}
              </Button>
              <Button size="sm" variant="default" disabled={busy} onClick={remove}>
                {DISCARD}
              </Button>
            </>
          )}
          {mine && entry.state === 'failed' && (
            <>
              <Button size="sm" loading={busy} onClick={() => void run(() => offline.retry(entry.seq!))}>
                {RETRY}
              </Button>
              <Button size="sm" variant="default" disabled={busy} onClick={remove}>
                {DISMISS}
              </Button>
            </>
          )}
          {mine && (entry.state === 'waiting' || entry.state === 'sending') && (
            <Button size="sm" variant="default" loading={busy} disabled={entry.state === 'sending'} onClick={remove}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The changes waiting to sync, oldest first: what each does, how old it is, and what can be done with it. */
export default function WaitingList({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { isMine } = useOfflineEngine().pending;
  const entries = usePendingChanges();
  const online = useOnline();
  const failed = failedCount(entries, isMine);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={waitingLabel(entries.length, failed)}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {online
            ? 'These changes are sent in the order they were made.'
            : 'Offline: these changes are sent, in order, once the server can be reached.'}
          {failed > 0 && ' A failed change is kept until you retry or dismiss it.'}
        </Text>
        {entries.length === 0 ? (
          <Text>Every change has been synced.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Changes waiting to sync">
            {entries.map((entry) => (
              <Entry key={entry.seq} entry={entry} />
            ))}
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
