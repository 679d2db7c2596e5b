import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, ServiceError, UNEXPECTED_MESSAGE } from '../../shared/api/errors';
import { COULD_NOT_CHECK, NAME_EMPTY, nameCheckMessage } from './name-check';

// How the create and copy forms check a name (empty, trimmed): shared/forms/use-form.test.ts.
describe('a refused toggle name', () => {
  it('shows the server message', () => {
    expect(nameCheckMessage(new BadRequestError(409, 'A toggle with that name already exists'))).toBe(
      'A toggle with that name already exists',
    );
    expect(nameCheckMessage(new BadRequestError(400, '"name" is not allowed to be empty'))).toBe(NAME_EMPTY);
  });

  it("falls back to 'Could not check name'", () => {
    expect(nameCheckMessage(new ServiceError(500, 'Service error (HTTP 500)'))).toBe(COULD_NOT_CHECK);
    expect(nameCheckMessage(new BadRequestError(400, UNEXPECTED_MESSAGE))).toBe(COULD_NOT_CHECK);
    expect(nameCheckMessage(new TypeError('Failed to fetch'))).toBe(COULD_NOT_CHECK);
    expect(nameCheckMessage(new NotFoundError(404, 'gone'))).toBe('gone');
  });
});
