import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BUILD_EVENT, LIVE_CHANGE_REQUESTS_EVENT, LIVE_CHANGES_EVENT } from '../../contract/sync';
import { createLive, LIVE_RETRY_MAX_MS, LIVE_RETRY_MS, retryDelay, type LiveEvent } from './live';

/**
 * The browser's EventSource as the test drives it (jsdom has none): each one made is kept, and the test opens it,
 * sends it messages or fails it as a server and a network would.
 */
class TestSource extends EventTarget {
  static made: TestSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    TestSource.made.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const latest = () => TestSource.made.at(-1)!;
const openSources = () => TestSource.made.filter((source) => !source.closed);

/** A flag with listeners, as the engine's signed-in account and connectivity are. */
function flag(value: boolean) {
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    isOnline: () => value,
    set(next: boolean) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function makeLive(status = 200) {
  const signedIn = flag(true);
  const online = flag(true);
  const synced: number[] = [];
  const builds: string[] = [];
  const events: LiveEvent[] = [];
  const fetches: string[] = [];
  const live = createLive({
    url: '/api/admin/sync/stream',
    signedIn,
    online,
    markSynced: () => synced.push(Date.now()),
    onBuild: (build) => builds.push(build),
    EventSource: TestSource as unknown as typeof EventSource,
    fetch: (async (url: string) => {
      fetches.push(url);
      return new Response(null, { status });
    }) as typeof fetch,
    random: () => 1, // the longest wait of each step
  });
  live.subscribe((event) => events.push(event));
  const start = () => {
    const stop = live.start();
    stops.push(stop);
    return stop;
  };
  return { live, start, signedIn, online, synced, builds, events, fetches };
}
const stops: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  TestSource.made = [];
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live stream', () => {
  it('doubles its wait after each failure in a row, up to the maximum, half of it random', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30, () => 1)).toBe(LIVE_RETRY_MAX_MS);
    expect(retryDelay(1, () => 0)).toBe(LIVE_RETRY_MS / 2);
  });

  it('opens once started, tells its followers, and names the build, the toggles and change requests changed', () => {
    const { live, start, synced, builds, events } = makeLive();
    const stop = start();
    expect(TestSource.made.map((s) => s.url)).toEqual(['/api/admin/sync/stream']);
    latest().open();
    expect(live.isLive()).toBe(true);
    latest().send(LIVE_BUILD_EVENT, 'build-1');
    latest().send(LIVE_CHANGES_EVENT, { revision: 7, features: ['a'] });
    latest().send(LIVE_CHANGE_REQUESTS_EVENT, { revision: 8, projects: ['web'] });
    expect(builds).toEqual(['build-1']);
    expect(events).toEqual([
      { type: 'open' },
      { type: 'changes', changes: { revision: 7, features: ['a'] } },
      { type: 'change-requests', changes: { revision: 8, projects: ['web'] } },
    ]);
    expect(synced.length).toBe(2); // each change (what follows reads it)
    stop();
    expect(latest().closed).toBe(true);
    expect(live.isLive()).toBe(false);
  });

  it('reconnects after a drop with a doubling wait, its own (the browser retry is closed), and resets once open', () => {
    const { live, start } = makeLive();
    start();
    latest().open();
    latest().fail(); // the server went away
    expect(latest().closed).toBe(true);
    expect(live.isLive()).toBe(false);
    vi.advanceTimersByTime(LIVE_RETRY_MS - 1);
    expect(TestSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(TestSource.made).toHaveLength(2);
    latest().fail(); // still down
    vi.advanceTimersByTime(2 * LIVE_RETRY_MS - 1);
    expect(TestSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(TestSource.made).toHaveLength(3);
    latest().fail();
    vi.advanceTimersByTime(4 * LIVE_RETRY_MS);
    expect(TestSource.made).toHaveLength(4);
    latest().open(); // back: the next drop waits the first step again
    latest().fail();
    vi.advanceTimersByTime(LIVE_RETRY_MS);
    expect(TestSource.made).toHaveLength(5);
    expect(openSources()).toHaveLength(1);
  });

  it('closes while the page is hidden and opens at once when it is shown again', () => {
    const { live, start, synced, events } = makeLive();
    start();
    latest().open();
    setVisibility('hidden');
    expect(latest().closed).toBe(true);
    expect(live.isLive()).toBe(false);
    expect(synced).toHaveLength(1); // closed: synced until then
    vi.advanceTimersByTime(10 * LIVE_RETRY_MAX_MS);
    expect(TestSource.made).toHaveLength(1);
    setVisibility('visible');
    expect(TestSource.made).toHaveLength(2);
    latest().open();
    expect(events.filter((e) => e.type === 'open')).toHaveLength(2); // its followers catch up
  });

  it('shown again, a wait after failures is cut short', () => {
    const { start } = makeLive();
    start();
    latest().fail();
    setVisibility('hidden');
    setVisibility('visible');
    expect(TestSource.made).toHaveLength(2);
  });

  it('does not open while signed out or offline, and opens once signed in and online', () => {
    const { start, signedIn, online } = makeLive();
    signedIn.set(false);
    online.set(false);
    start();
    expect(TestSource.made).toHaveLength(0);
    signedIn.set(true);
    expect(TestSource.made).toHaveLength(0);
    online.set(true);
    expect(TestSource.made).toHaveLength(1);
    online.set(false);
    expect(latest().closed).toBe(true);
    signedIn.set(false);
    online.set(true);
    expect(TestSource.made).toHaveLength(1);
  });

  it('gives up on a server without the stream (404, a real Unleash 4): asked once, then never again', async () => {
    const { start, fetches } = makeLive(404);
    start();
    latest().fail(); // never opened
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toEqual(['/api/admin/sync/stream']);
    await vi.advanceTimersByTimeAsync(10 * LIVE_RETRY_MAX_MS);
    setVisibility('hidden');
    setVisibility('visible');
    expect(TestSource.made).toHaveLength(1);
  });

  it('keeps trying a server that has the stream but failed to open it, and asks whether it has it only once', async () => {
    const { start, fetches } = makeLive(503);
    start();
    latest().fail();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(TestSource.made).toHaveLength(2);
    latest().fail();
    await vi.advanceTimersByTimeAsync(2 * LIVE_RETRY_MS);
    expect(TestSource.made).toHaveLength(3);
    expect(fetches).toHaveLength(1);
  });
});
