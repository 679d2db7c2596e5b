import { describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, NotFoundError, ServiceError } from './errors';
import { RETRY_DELAY_MS, shouldRetry } from './query-client';

describe('retry rule', () => {
  it('retries only statuses above 498, after 5000 ms', () => {
    expect(RETRY_DELAY_MS).toBe(5000);
    expect(shouldRetry(0, new ServiceError(500, 'x'))).toBe(true);
    expect(shouldRetry(0, new BadRequestError(499, 'x'))).toBe(true);
    expect(shouldRetry(0, new BadRequestError(498, 'x'))).toBe(false);
    expect(shouldRetry(0, new NotFoundError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new AuthenticationError('x', null))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('gives up after three retries', () => {
    expect(shouldRetry(2, new ServiceError(503, 'x'))).toBe(true);
    expect(shouldRetry(3, new ServiceError(503, 'x'))).toBe(false);
  });
});
