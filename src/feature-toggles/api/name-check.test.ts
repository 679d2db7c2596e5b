import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError, ServiceError, UNEXPECTED_MESSAGE } from '../../shared/api/errors';
import { checkName, COULD_NOT_CHECK, NAME_EMPTY } from './name-check';

describe('checkName', () => {
  it('does not call the server for an empty name', async () => {
    const validate = vi.fn();
    expect(await checkName('   ', validate)).toBe(NAME_EMPTY);
    expect(validate).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and passes when the server accepts it', async () => {
    const validate = vi.fn(() => Promise.resolve());
    expect(await checkName('  my.toggle ', validate)).toBeUndefined();
    expect(validate).toHaveBeenCalledWith('my.toggle');
  });

  it('shows the server message', async () => {
    const conflict = () => Promise.reject(new BadRequestError(409, 'A toggle with that name already exists'));
    expect(await checkName('x', conflict)).toBe('A toggle with that name already exists');
    const empty = () => Promise.reject(new BadRequestError(400, '"name" is not allowed to be empty'));
    expect(await checkName('x', empty)).toBe(NAME_EMPTY);
  });

  it("falls back to 'Could not check name'", async () => {
    expect(await checkName('x', () => Promise.reject(new ServiceError(500, 'Service error (HTTP 500)')))).toBe(
      COULD_NOT_CHECK,
    );
    expect(await checkName('x', () => Promise.reject(new BadRequestError(400, UNEXPECTED_MESSAGE)))).toBe(
      COULD_NOT_CHECK,
    );
    expect(await checkName('x', () => Promise.reject(new TypeError('Failed to fetch')))).toBe(COULD_NOT_CHECK);
    expect(await checkName('x', () => Promise.reject(new NotFoundError(404, 'gone')))).toBe('gone');
  });
});
