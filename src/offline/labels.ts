/** Words of the waiting count, the waiting list and the conflict notice. */
export const APPLY_AGAIN = 'Apply again';
export const DISCARD = 'Discard';
export const RETRY = 'Retry';
export const DISMISS = 'Dismiss';

export const waitingLabel = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
