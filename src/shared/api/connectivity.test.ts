import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity, PROBE_INTERVAL_MS, probeWhileUnreachable } from './connectivity';

describe('probeWhileUnreachable', () => {
  let stop = () => {};
  const browserOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => {
    stop();
    connectivity.reached();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('asks the server again while it cannot be reached, until it answers', async () => {
    browserOnline(true);
    const probe = vi.fn(async () => connectivity.reached());
    stop = probeWhileUnreachable(probe);
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    expect(probe).not.toHaveBeenCalled();

    connectivity.lost();
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(connectivity.isOnline()).toBe(true));
    vi.advanceTimersByTime(PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('keeps asking while probes fail, and not at all while the browser is offline', () => {
    const online = browserOnline(true);
    const probe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    stop = probeWhileUnreachable(probe);
    connectivity.lost();
    vi.advanceTimersByTime(PROBE_INTERVAL_MS * 2);
    expect(probe).toHaveBeenCalledTimes(2);

    online.mockReturnValue(false);
    vi.advanceTimersByTime(PROBE_INTERVAL_MS * 2);
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
