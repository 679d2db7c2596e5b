import { beforeAll, describe, expect, it } from 'vitest';
import { type CallResult } from '../../test-support/harness.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';
import { findMalformedText } from './input-guard.ts';
import { expectError } from '../../test-support/answers.ts';

const CLIENT = 'default:development.input-guard-client-token';

useServer({ env: { INIT_CLIENT_API_TOKENS: CLIENT } });
beforeAll(async () => {
  const created = await server.call('POST', 'api/admin/projects/default/features', {
    cookie: admin,
    body: { name: 'guarded' },
  });
  expect(created.status).toBe(201);
});

/** Everything a refused call could have changed: the toggles, the users and the audit log. */
async function state() {
  const [features, users, events] = await Promise.all(
    ['api/admin/features', 'api/admin/user-admin', 'api/admin/events'].map((path) =>
      server.call('GET', path, { cookie: admin }),
    ),
  );
  return { features: features.body, users: users.body, events: events.body.events.length };
}

function expectRefused(answer: CallResult, field: string) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toMatchObject({
    name: 'ValidationError',
    isJoi: true,
    message: `"${field}" must not contain a NUL character or an unpaired surrogate`,
  });
  expect(answer.body.details[0].context.label).toBe(field);
}

describe('the input guard', () => {
  it('refuses NUL and lone surrogates in JSON bodies, naming the field, and changes nothing', async () => {
    const before = await state();
    // The cases: sign-in needs no session; a toggle name; a user's name; a nested strategy parameter.
    expectRefused(
      await server.call('POST', 'auth/simple/login', { rawBody: '{"username":"a\\u0000b","password":"x"}' }),
      'username',
    );
    expectRefused(
      await server.call('POST', 'api/admin/projects/default/features', {
        cookie: admin,
        rawBody: '{"name":"a\\ud800b"}',
      }),
      'name',
    );
    expectRefused(
      await server.call('POST', 'api/admin/projects/default/features', {
        cookie: admin,
        rawBody: '{"name":"low-alone","description":"x\\udc00"}',
      }),
      'description',
    );
    expectRefused(
      await server.call('POST', 'api/admin/user-admin', {
        cookie: admin,
        body: { email: 'nul@example.com', name: 'N\u0000L', rootRole: 3 },
      }),
      'name',
    );
    expectRefused(
      await server.call('POST', 'api/admin/projects/default/features/guarded/environments/development/strategies', {
        cookie: admin,
        rawBody:
          '{"name":"default","constraints":[{"contextName":"userId","operator":"IN","values":["ok","\\u0000"]}]}',
      }),
      'constraints[0].values[1]',
    );
    // A malformed object key is named with the replacement character in its place.
    expectRefused(
      await server.call('POST', 'api/admin/projects/default/features', {
        cookie: admin,
        rawBody: '{"name":"key-test","x\\u0000y":1}',
      }),
      'x\uFFFDy',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses them in the path, on every kind of route, before any lookup', async () => {
    const before = await state();
    expectRefused(await server.call('GET', 'api/admin/features/a%00b', { cookie: admin }), 'featureName');
    expectRefused(await server.call('POST', 'api/admin/features/a%00b/toggle/on', { cookie: admin }), 'featureName');
    expectRefused(
      await server.call('DELETE', 'api/admin/projects/default/features/a%00b', { cookie: admin }),
      'featureName',
    );
    expectRefused(await server.call('GET', 'api/client/features/a%00b', { token: CLIENT }), 'featureName');
    expectRefused(await server.call('DELETE', 'api/admin/tags/simple/a%00b', { cookie: admin }), 'value');
    expectRefused(await server.call('GET', 'features/a%00b', { headers: { accept: 'text/html' } }), 'path');
    // A surrogate cannot be percent-encoded (it is not UTF-8): such a URL is refused by the router, in our shape.
    const surrogate = await server.call('GET', 'api/admin/features/a%ED%A0%80b', { cookie: admin });
    expectError(surrogate, 400, 'BadDataError', 'The request URL is not valid: it has a malformed percent-encoding');
    expect(await state()).toEqual(before);
  });

  it('refuses them in the query', async () => {
    expectRefused(await server.call('GET', 'api/admin/features?tag=simple:a%00b', { cookie: admin }), 'tag');
    expectRefused(await server.call('GET', 'api/client/features?namePrefix=%00', { token: CLIENT }), 'namePrefix');
  });

  it('lets well-formed text through: surrogate pairs (emoji) and other control characters', async () => {
    const created = await server.call('POST', 'api/admin/projects/default/features', {
      cookie: admin,
      body: { name: 'emoji-ok', description: 'rocket \uD83D\uDE80, tab\t, bell\u0007' },
    });
    expect(created.status, created.text).toBe(201);
    const read = await server.call('GET', 'api/admin/projects/default/features/emoji-ok', { cookie: admin });
    expect(read.body.description).toBe('rocket \uD83D\uDE80, tab\t, bell\u0007');
  });
});

describe('findMalformedText', () => {
  it('finds the first bad string or key anywhere in a value, and nothing in good ones', () => {
    expect(findMalformedText({ a: [{ b: 'ok' }, { c: ['x', 'y\u0000'] }] })).toEqual(['a', 1, 'c', 1]);
    expect(findMalformedText(['\uDBFF'])).toEqual([0]);
    expect(findMalformedText('\uDFFF\uD800')).toEqual([]);
    expect(findMalformedText({ 'k\uD800': 1 })).toEqual(['k\uD800']);
    expect(findMalformedText({ a: '\uD83D\uDE80', b: 1, c: null, d: true, e: [] })).toBeUndefined();
    expect(findMalformedText(undefined)).toBeUndefined();
  });
});
