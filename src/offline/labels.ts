import type { QueuedChange } from './changes';

/** Words of the waiting count, the waiting list and the conflict notice. */
export const APPLY_AGAIN = 'Apply again';
export const DISCARD = 'Discard';
export const RETRY = 'Retry';
export const DISMISS = 'Dismiss';

const changes = (count: number) => (count === 1 ? 'change' : 'changes');
/** The words after the count: how many changes wait, and how many of them (the signed-in account's) failed. */
export const waitingWords = (count: number, failed: number) =>
  `${changes(count)} waiting${failed > 0 ? `, ${failed} failed` : ''}`;
export const waitingLabel = (count: number, failed = 0) => `${count} ${waitingWords(count, failed)}`;

/** The signed-in account's failed changes: kept until retried or dismissed. */
export const failedCount = (entries: QueuedChange[], isMine: (entry: QueuedChange) => boolean) =>
  entries.filter((entry) => entry.state === 'failed' && isMine(entry)).length;
