import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http/errors.ts';
import { LoginLimiter } from './login-limiter.ts';

function status(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as ApiError).statusCode;
  }
}

describe('LoginLimiter', () => {
  it('blocks a username after 10 failures for 15 minutes, from any address', () => {
    const limiter = new LoginLimiter();
    for (let i = 0; i < 10; i++) limiter.recordFailure('Jane', `10.0.0.${i}`, 0);
    expect(status(() => limiter.check('jane', '10.9.9.9', 1000))).toBe(429);
    expect(status(() => limiter.check('bob', '10.9.9.9', 1000))).toBeUndefined();
    expect(status(() => limiter.check('jane', '10.9.9.9', 15 * 60 * 1000))).toBeUndefined();
  });

  it('blocks an address after 50 failures across usernames', () => {
    const limiter = new LoginLimiter();
    for (let i = 0; i < 50; i++) limiter.recordFailure(`user${i}`, '10.0.0.1', 0);
    expect(status(() => limiter.check('someone-else', '10.0.0.1', 10))).toBe(429);
    expect(status(() => limiter.check('someone-else', '10.0.0.2', 10))).toBeUndefined();
  });

  it('clears the username counter on success', () => {
    const limiter = new LoginLimiter();
    for (let i = 0; i < 9; i++) limiter.recordFailure('jane', '10.0.0.1', 0);
    limiter.recordSuccess('jane');
    limiter.recordFailure('jane', '10.0.0.1', 0);
    expect(status(() => limiter.check('jane', '10.0.0.1', 0))).toBeUndefined();
  });
});
