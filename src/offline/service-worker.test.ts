import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETURN_CHECK_MS, UPDATE_CHECK_MS, watchForUpdates } from './service-worker';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('watchForUpdates', () => {
  it('checks on a return to the console at most once a minute, hourly, and not while hidden', () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.resolve());
    watchForUpdates(update);

    // Registering has just checked: a focus within the minute does not ask again.
    window.dispatchEvent(new Event('focus'));
    expect(update).not.toHaveBeenCalled();

    vi.advanceTimersByTime(RETURN_CHECK_MS);
    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(1);
    // The tab shown again right after the focus: still the same minute.
    setVisibility('visible');
    expect(update).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(RETURN_CHECK_MS);
    setVisibility('hidden');
    expect(update).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(update).toHaveBeenCalledTimes(2);

    // Left open: every hour, whether or not anyone comes back (two minutes have passed).
    vi.advanceTimersByTime(UPDATE_CHECK_MS - 2 * RETURN_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(3);
    // The hourly check counts as the last one.
    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(3);
  });

  it('leaves a failed check (offline) for the next one', async () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.reject(new TypeError('Failed to update a ServiceWorker')));
    watchForUpdates(update);
    // A rejection left unhandled would fail this run.
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETURN_CHECK_MS);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(update).toHaveBeenCalledTimes(2);
  });
});
