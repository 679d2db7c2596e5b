import { describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

useServer();

describe('invoices', () => {
  it('answers an admin with no invoices and no billing portal', async () => {
    const list = await server.call('GET', 'api/admin/invoices', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ invoices: [] });
    const portal = await server.call('GET', 'api/admin/invoices/portal', { cookie: admin });
    expect(portal.status).toBe(404);
    expect(portal.body).toMatchObject({ name: 'NotFoundError' });
  });

  it('is for admins only', async () => {
    const editor = await server.createUser('Editor');
    expect((await server.call('GET', 'api/admin/invoices', { cookie: editor.cookie })).status).toBe(403);
    expect((await server.call('GET', 'api/admin/invoices', {})).status).toBe(401);
  });
});
