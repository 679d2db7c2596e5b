import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  classicError,
  ForbiddenError,
  gettingFailed,
  NotFoundError,
  projectError,
  ServiceError,
  statusOf,
  UNEXPECTED_MESSAGE,
  userApiError,
} from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const plain = (status: number, body = '') => new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });

const authBody = {
  type: 'password',
  path: '/yard/auth/simple/login',
  message: 'You must sign in order to use Unleash',
  defaultHidden: false,
  options: [],
};

describe('classic API layer', () => {
  it('401: authentication error carrying the auth details', async () => {
    const error = await classicError(json(401, authBody));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Authentication required');
    expect((error as AuthenticationError).authDetails).toEqual(authBody);
  });

  it('401 with an unreadable body: authentication error without details', async () => {
    const error = await classicError(plain(401, 'Unauthorized'));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).authDetails).toBeNull();
  });

  it('403: the first detail message', async () => {
    const error = await classicError(
      json(403, { name: 'NoAccessError', message: 'x', details: [{ message: 'You need permission=ADMIN' }] }),
    );
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe('You need permission=ADMIN');
  });

  it("403: 'You cannot perform this action' when the body has no detail", async () => {
    expect((await classicError(json(403, {}))).message).toBe('You cannot perform this action');
  });

  it("403: '403 Forbidden' when there is no readable body", async () => {
    expect((await classicError(plain(403, 'Forbidden'))).message).toBe('403 Forbidden');
    expect((await classicError(plain(403))).message).toBe('403 Forbidden');
  });

  it('404: fixed text', async () => {
    const error = await classicError(json(404, { message: '404 - Not found' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('The requested resource could not be found but may be available in the future');
  });

  it('other 4xx: the first validation detail when the body is a validation error', async () => {
    const error = await classicError(
      json(400, { isJoi: true, details: [{ message: '"name" must be URL friendly', path: ['name'] }] }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('"name" must be URL friendly');
  });

  it('other 4xx: the first message of a list', async () => {
    expect((await classicError(json(400, [{ msg: 'User already exists' }]))).message).toBe('User already exists');
    expect(
      (
        await classicError(
          json(409, { name: 'NameExistsError', details: [{ message: 'A toggle with that name already exists' }] }),
        )
      ).message,
    ).toBe('A toggle with that name already exists');
  });

  it('other 4xx: the provider fallback when there is no message, or the body is unreadable', async () => {
    expect(UNEXPECTED_MESSAGE).toBe('Unexpected exception when talking to the switchyard-api');
    expect((await classicError(json(400, { message: 'no list here' }))).message).toBe(UNEXPECTED_MESSAGE);
    expect((await classicError(json(400, { isJoi: true, details: [] }))).message).toBe(UNEXPECTED_MESSAGE);
    const unreadable = await classicError(plain(415));
    expect(unreadable).toBeInstanceOf(BadRequestError);
    expect(unreadable.status).toBe(415);
    expect(unreadable.message).toBe(UNEXPECTED_MESSAGE);
    expect((await classicError(plain(400, '<pre>bad json</pre>'))).message).toBe(UNEXPECTED_MESSAGE);
  });

  it('keeps the parsed body for screens that need specific details', async () => {
    const body = { isJoi: true, name: 'OwaspValidationError', details: [{ validationErrors: ['x'], message: 'x' }] };
    expect((await classicError(json(400, body))).body).toEqual(body);
  });

  it('5xx: service error with the status', async () => {
    const error = await classicError(plain(503));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.status).toBe(503);
    expect(error.message).toContain('503');
  });
});

describe('project-scoped API layer', () => {
  it.each([
    [400, BadRequestError, 'Bad request format'],
    [404, NotFoundError, 'Could not find the requested resource'],
    [401, AuthenticationError, 'You are not authorized to perform this operation'],
    [403, ForbiddenError, 'This operation is forbidden'],
  ])('%i: %s', async (status, type, message) => {
    const error = await projectError(json(status, { details: [{ message: 'server says' }] }));
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('401 keeps the auth details for the sign-in redirect', async () => {
    const error = (await projectError(json(401, authBody))) as AuthenticationError;
    expect(error.authDetails?.path).toBe('/yard/auth/simple/login');
  });

  it('other statuses above 399: the first details entry', async () => {
    const conflict = await projectError(
      json(409, { details: [{ message: 'A toggle with that name already exists' }] }),
    );
    expect(conflict).toBeInstanceOf(BadRequestError);
    expect(conflict.message).toBe('A toggle with that name already exists');
    const server = await projectError(json(500, { details: [{ message: 'boom' }] }));
    expect(server).toBeInstanceOf(ServiceError);
    expect(server.message).toBe('boom');
  });

  it("other statuses above 399 without details: 'Action could not be performed'", async () => {
    expect((await projectError(json(409, { message: 'x' }))).message).toBe('Action could not be performed');
    expect((await projectError(plain(500))).message).toBe('Action could not be performed');
  });
});

describe('failed fetches of user, config or info', () => {
  it('names what could not be fetched and keeps the status', () => {
    const error = gettingFailed('user', new ServiceError(500, 'x'));
    expect(error.message).toBe('An error occurred while trying to get user');
    expect(statusOf(error)).toBe(500);
    const unauthorised = new AuthenticationError('Authentication required', null);
    expect(gettingFailed('config', unauthorised)).toBe(unauthorised);
  });
});

describe('user API', () => {
  it('400: the first body message', async () => {
    expect((await userApiError(json(400, [{ msg: 'User already exists' }]))).message).toBe('User already exists');
    expect((await userApiError(json(400, { details: [{ message: '"email" must be a valid email' }] }))).message).toBe(
      '"email" must be a valid email',
    );
    expect((await userApiError(json(400, { message: 'Bad email' }))).message).toBe('Bad email');
  });

  it("404: 'Could not find the requested resource.'", async () => {
    const error = await userApiError(json(404, { message: 'nope' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Could not find the requested resource.');
  });

  it('401 and 403: the server message', async () => {
    const unauthorised = await userApiError(json(401, authBody));
    expect(unauthorised).toBeInstanceOf(AuthenticationError);
    expect(unauthorised.message).toBe('You must sign in order to use Unleash');
    const forbidden = await userApiError(json(403, { name: 'NoAccessError', message: 'You need permission=ADMIN' }));
    expect(forbidden).toBeInstanceOf(ForbiddenError);
    expect(forbidden.message).toBe('You need permission=ADMIN');
  });

  it('other statuses follow the classic table', async () => {
    expect(await userApiError(plain(500))).toBeInstanceOf(ServiceError);
  });
});
