/** Resolves in a task of its own: the browser may paint and handle input before the work that follows it. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs a task once the browser is idle (the page's first screen built and painted), within IDLE_TIMEOUT_MS at the
 * latest: work in the background that must not compete with what is on screen.
 */
export function inBackground(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
}

const IDLE_TIMEOUT_MS = 3000;
