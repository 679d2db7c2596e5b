import { describe, expect, it } from 'vitest';
import { server, useServer } from '../test-support/fixture.ts';
import { expectError } from '../test-support/answers.ts';

useServer();

describe('audit events share the transaction of their change', () => {
  it('a failing event insert rolls the change back and answers a JSON 500 without a stack', async () => {
    const admin = await server.adminCookie();
    await server.sql(
      `create function refuse_events() returns trigger language plpgsql as $$ begin raise exception 'events refused by test'; end $$`,
    );
    await server.sql(
      'create trigger refuse_events before insert on events for each row execute function refuse_events()',
    );

    const user = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'rollback@example.com', rootRole: 2 },
    });
    expectError(user, 500, 'InternalServerError', 'Unexpected error: the server could not complete the request');
    expect(user.text).not.toMatch(/refused by test|at .*\.ts|stack/);
    expect(await server.sql(`select id from users where email = 'rollback@example.com'`)).toEqual([]);

    const token = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'rb', type: 'admin' },
    });
    expect(token.status).toBe(500);
    expect(await server.sql(`select secret from api_tokens where username = 'rb'`)).toEqual([]);

    await server.sql('drop trigger refuse_events on events');
    const again = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'rollback@example.com', rootRole: 2 },
    });
    expect(again.status).toBe(201);
    const events = await server.sql(
      `select type, data->>'email' as email from events where type = 'user-created' order by id desc limit 1`,
    );
    expect(events).toEqual([{ type: 'user-created', email: 'rollback@example.com' }]);
  });
});
