import { describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, NotFoundError, ServiceError } from '../shared/api/errors';
import { changePasswordErrorMessage } from './password';

describe('change own password statuses', () => {
  it.each([
    [
      new BadRequestError(400, 'x'),
      'Password could not be accepted. Please make sure you are inputting a valid password.',
    ],
    [new AuthenticationError('x', null), 'You are not authorized to make this request.'],
    [new NotFoundError(404, 'x'), 'The resource you requested could not be found on the server.'],
    [new ServiceError(500, 'Service error (HTTP 500)'), 'Service error (HTTP 500)'],
  ])('%s', (error, message) => {
    expect(changePasswordErrorMessage(error)).toBe(message);
  });
});
