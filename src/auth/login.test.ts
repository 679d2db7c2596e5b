import { describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, NotFoundError, ServiceError } from '../shared/api/errors';
import { loginErrorMessage, loginPath, loginVariant, validateLogin } from './login';

describe('login messages', () => {
  it("404 or 400: 'Invalid login details' and the fields are cleared", () => {
    for (const error of [
      new NotFoundError(404, 'x'),
      new BadRequestError(400, 'You must provide username and password'),
    ]) {
      expect(loginErrorMessage(error, 'password')).toEqual({ message: 'Invalid login details', clearFields: true });
      expect(loginErrorMessage(error, 'email')).toEqual({ message: 'Invalid login details', clearFields: true });
    }
  });

  it("401 on the password login: 'Invalid password and username combination.'", () => {
    expect(loginErrorMessage(new AuthenticationError('Authentication required', null), 'password')).toEqual({
      message: 'Invalid password and username combination.',
      clearFields: false,
    });
  });

  it("anything else: 'Unknown error while trying to authenticate.'", () => {
    const unknown = { message: 'Unknown error while trying to authenticate.', clearFields: false };
    expect(loginErrorMessage(new AuthenticationError('x', null), 'email')).toEqual(unknown);
    expect(loginErrorMessage(new BadRequestError(429, 'Too many'), 'password')).toEqual(unknown);
    expect(loginErrorMessage(new ServiceError(500, 'x'), 'password')).toEqual(unknown);
    expect(loginErrorMessage(new TypeError('Failed to fetch'), 'password')).toEqual(unknown);
  });
});

describe('login variant and path', () => {
  it('chooses by ui-config authenticationType, else by the auth details type', () => {
    expect(loginVariant('open-source', null)).toBe('password');
    expect(loginVariant('password', null)).toBe('password');
    expect(loginVariant('demo', null)).toBe('demo');
    expect(loginVariant('unsecure', null)).toBe('email');
    expect(loginVariant(undefined, { type: 'demo', path: '/auth/demo/login' })).toBe('demo');
    expect(loginVariant(undefined, { type: 'password', path: '/auth/simple/login' })).toBe('password');
    expect(loginVariant(undefined, null)).toBe('password');
  });

  it('posts to the path of the auth details, else to the default under the base path', () => {
    expect(loginPath('password', { type: 'password', path: '/yard/auth/simple/login' })).toBe(
      '/yard/auth/simple/login',
    );
    expect(loginPath('password', null)).toBe('auth/simple/login');
    expect(loginPath('email', null)).toBe('auth/demo/login');
    expect(loginPath('demo', null)).toBe('auth/demo/login');
  });
});

describe('login validation', () => {
  it("username and password are required: 'This is a required field'", () => {
    expect(validateLogin({ username: ' ', password: '' }, 'password')).toEqual({
      username: 'This is a required field',
      password: 'This is a required field',
    });
    expect(validateLogin({ username: 'a@b.io', password: '' }, 'email')).toEqual({});
    expect(validateLogin({ username: 'admin', password: 'x' }, 'password')).toEqual({});
  });
});
