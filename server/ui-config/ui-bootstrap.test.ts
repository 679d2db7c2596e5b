import { describe, expect, it } from 'vitest';
import { admin, server, useServer, viewer } from '../test-support/fixture.ts';

// Top-level keys of Unleash 4.2.2's ui-bootstrap (reference catalog records 010 and 166).
const BOOTSTRAP = ['context', 'email', 'featureTypes', 'projects', 'strategies', 'tagTypes', 'uiConfig', 'user'];

useServer({ users: true });

describe('ui-bootstrap', () => {
  it('carries context fields, feature types, tag types and strategies as their own calls answer them', async () => {
    const get = async (path: string) => (await server.call('GET', path, { cookie: viewer })).body;
    const body = await get('api/admin/ui-bootstrap');
    expect(Object.keys(body).sort()).toEqual(BOOTSTRAP);
    expect(body.context).toEqual(await get('api/admin/context'));
    expect(body.context.map((f: { name: string }) => f.name)).toEqual([
      'environment',
      'userId',
      'appName',
      'sessionId',
      'remoteAddress',
    ]);
    expect(body.featureTypes).toEqual((await get('api/admin/feature-types')).types);
    expect(body.tagTypes).toEqual((await get('api/admin/tag-types')).tagTypes);
    expect(body.strategies).toEqual((await get('api/admin/strategies')).strategies);
    expect(body.strategies).toHaveLength(8);
    expect(body.user.permissions).toEqual([]);
  });

  it('shows custom strategies and context fields once created', async () => {
    const send = (path: string, body: unknown) => server.call('POST', path, { cookie: admin, body });
    expect((await send('api/admin/strategies', { name: 'myCustom', parameters: [] })).status).toBe(201);
    expect((await send('api/admin/context', { name: 'region', legalValues: ['us', 'eu'] })).status).toBe(201);
    const body = (await server.call('GET', 'api/admin/ui-bootstrap', { cookie: admin })).body;
    expect(body.strategies.at(-1)).toMatchObject({ name: 'myCustom', editable: true, deprecated: false });
    expect(body.context.at(-1)).toMatchObject({ name: 'region', legalValues: ['eu', 'us'] });
  });
});
