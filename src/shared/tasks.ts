/** Resolves in a task of its own: the browser may paint and handle input before the work that follows it. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Works through `items` `size` at a time, each slice in a task of its own (the first in the caller's), so that a
 * thousand items never hold the page up for long.
 */
export async function inSlices<T>(items: T[], size: number, work: (slice: T[]) => unknown) {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextTask();
    await work(items.slice(start, start + size));
  }
}

/**
 * Runs a task once the browser is idle (the page's first screen built and painted), within IDLE_TIMEOUT_MS at the
 * latest: work in the background that must not compete with what is on screen.
 */
export function inBackground(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
}

const IDLE_TIMEOUT_MS = 3000;
