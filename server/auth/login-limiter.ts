import { ApiError } from '../platform/http/errors.ts';

const WINDOW_MS = 15 * 60 * 1000;

interface Counter {
  failures: number;
  windowStart: number;
}

/**
 * Limits failed sign-ins per username and per client address, in memory, in fixed 15-minute windows.
 * A success clears the username's counter.
 */
export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly perUser = 10,
    private readonly perAddress = 50,
  ) {}

  /** Throws a 429 when either limit is reached. */
  check(username: string, address: string, now = Date.now()): void {
    const user = this.current(`u:${username.toLowerCase()}`, now);
    const addr = this.current(`a:${address}`, now);
    const blocked = [
      user && user.failures >= this.perUser ? user : undefined,
      addr && addr.failures >= this.perAddress ? addr : undefined,
    ].filter((c): c is Counter => c !== undefined);
    if (blocked.length === 0) return;
    const until = Math.max(...blocked.map((c) => c.windowStart + WINDOW_MS));
    const retryAfterSeconds = Math.ceil((until - now) / 1000);
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    throw new ApiError(429, 'TooManyRequestsError', message, undefined, { retryAfterSeconds });
  }

  recordFailure(username: string, address: string, now = Date.now()): void {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      const counter = this.current(key, now) ?? { failures: 0, windowStart: now };
      counter.failures += 1;
      this.counters.set(key, counter);
    }
  }

  recordSuccess(username: string): void {
    this.counters.delete(`u:${username.toLowerCase()}`);
  }

  private current(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && now - counter.windowStart >= WINDOW_MS) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }
}
