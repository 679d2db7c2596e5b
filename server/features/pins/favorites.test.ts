import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type TestUser } from '../../test-support/harness.ts';

// Pinned (favourite) toggles: POST/DELETE api/admin/projects/{p}/features/{name}/favorites, per signed-in user, and
// `favorite` in every toggle a user reads.

let server: TestServer;
let admin: string;
let viewer: TestUser;
let editor: TestUser;
let adminToken: string;

const pinPath = (name: string, project = 'default') => `api/admin/projects/${project}/features/${name}/favorites`;
const as = (cookie: string) => ({
  pin: (name: string, project?: string) => server.call('POST', pinPath(name, project), { cookie }),
  unpin: (name: string, project?: string) => server.call('DELETE', pinPath(name, project), { cookie }),
  get: (path: string) => server.call('GET', path, { cookie }),
});

type Named = { name: string; favorite: boolean };
/** Whether each listed toggle is pinned, by name. */
const pinsIn = (features: Named[]) => Object.fromEntries(features.map((f) => [f.name, f.favorite]));

/** Every way a user reads the toggle: the classic list and toggle, the project's list and toggle. */
async function readsOf(cookie: string, name: string) {
  const user = as(cookie);
  const [classicList, classic, projectList, project] = await Promise.all([
    user.get('api/admin/features'),
    user.get(`api/admin/features/${name}`),
    user.get('api/admin/projects/default/features'),
    user.get(`api/admin/projects/default/features/${name}`),
  ]);
  return [
    pinsIn(classicList.body.features)[name],
    classic.body.favorite,
    pinsIn(projectList.body.features)[name],
    project.body.favorite,
  ];
}

const eventsOf = async (name: string) =>
  (await as(admin).get(`api/admin/events/${name}`)).body.events as Array<{ type: string; createdBy: string }>;
const pinRows = async () => Number((await server.sql('select count(*)::int as n from favorite_features'))[0].n);

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminCookie();
  [viewer, editor] = await Promise.all([server.createUser('Viewer'), server.createUser('Editor')]);
  for (const name of ['pin.a', 'pin.b', 'pin.c'])
    expect((await server.call('POST', 'api/admin/features', { cookie: admin, body: { name } })).status).toBe(201);
  const token = await server.call('POST', 'api/admin/api-tokens', {
    cookie: admin,
    body: { username: 'pin-admin-token', type: 'admin' },
  });
  adminToken = token.body.secret;
});
afterAll(() => server?.close());

describe('pinned toggles', () => {
  it('a Viewer pins and unpins a toggle for themselves; every read of theirs says so, others are unaffected', async () => {
    expect(await readsOf(viewer.cookie, 'pin.a')).toEqual([false, false, false, false]);
    const pinned = await as(viewer.cookie).pin('pin.a');
    expect(pinned.status).toBe(200);
    expect(pinned.text).toBe('');
    expect(await readsOf(viewer.cookie, 'pin.a')).toEqual([true, true, true, true]);
    expect(await readsOf(viewer.cookie, 'pin.b')).toEqual([false, false, false, false]);
    expect(await readsOf(editor.cookie, 'pin.a')).toEqual([false, false, false, false]);
    expect(await readsOf(admin, 'pin.a')).toEqual([false, false, false, false]);

    const unpinned = await as(viewer.cookie).unpin('pin.a');
    expect(unpinned.status).toBe(200);
    expect(await readsOf(viewer.cookie, 'pin.a')).toEqual([false, false, false, false]);
  });

  it('is idempotent: a repeat answers 200 and writes no second event; a pin is not a change of the toggle', async () => {
    const before = await as(admin).get('api/admin/features/pin.b');
    for (let i = 0; i < 2; i++) expect((await as(editor.cookie).pin('pin.b')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await as(editor.cookie).unpin('pin.b')).status).toBe(200);
    const pins = (await eventsOf('pin.b')).filter((e) => e.type.endsWith('favorited'));
    // Newest first.
    expect(pins).toMatchObject([
      { type: 'feature-unfavorited', createdBy: editor.email, featureName: 'pin.b', project: 'default' },
      { type: 'feature-favorited', createdBy: editor.email, featureName: 'pin.b', project: 'default' },
    ]);
    const after = await as(admin).get('api/admin/features/pin.b');
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body.version).toBe(before.body.version);
  });

  it('lists keep their order and filters, with each user’s pins', async () => {
    await as(viewer.cookie).pin('pin.c');
    await as(editor.cookie).pin('pin.b');
    const names = (features: Named[]) => features.map((f) => [f.name, f.favorite]);
    expect(names((await as(viewer.cookie).get('api/admin/features?namePrefix=pin.')).body.features)).toEqual([
      ['pin.a', false],
      ['pin.b', false],
      ['pin.c', true],
    ]);
    expect(names((await as(editor.cookie).get('api/admin/features?namePrefix=pin.')).body.features)).toEqual([
      ['pin.a', false],
      ['pin.b', true],
      ['pin.c', false],
    ]);
    await as(viewer.cookie).unpin('pin.c');
    await as(editor.cookie).unpin('pin.b');
  });

  it('the bulk sync carries the reader’s pins; a pin brings the toggle again after `since`', async () => {
    const sync = async (cookie: string, since?: number) =>
      (await as(cookie).get(`api/admin/sync/features?limit=1000${since === undefined ? '' : `&since=${since}`}`))
        .body as { revision: number; features: Named[] };
    const full = await sync(viewer.cookie);
    expect(pinsIn(full.features)['pin.a']).toBe(false);
    await as(viewer.cookie).pin('pin.a');
    expect(pinsIn((await sync(viewer.cookie, full.revision)).features)).toEqual({ 'pin.a': true });
    expect(pinsIn((await sync(editor.cookie, full.revision)).features)).toEqual({ 'pin.a': false });
    await as(viewer.cookie).unpin('pin.a');
    expect(pinsIn((await sync(viewer.cookie, full.revision)).features)).toEqual({ 'pin.a': false });
  });

  it('404 for an unknown toggle or one outside the project, and nothing is written', async () => {
    expect(
      (await server.call('POST', 'api/admin/projects', { cookie: admin, body: { id: 'pins', name: 'Pins' } })).status,
    ).toBe(201);
    const rows = await pinRows();
    const unknown = await as(viewer.cookie).pin('pin.none');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find feature toggle with name pin.none in project default',
    });
    const elsewhere = await as(viewer.cookie).pin('pin.a', 'pins');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('Could not find feature toggle with name pin.a in project pins');
    expect((await as(viewer.cookie).unpin('pin.a', 'pins')).status).toBe(404);
    expect(await pinRows()).toBe(rows);
    expect((await eventsOf('pin.none')).length).toBe(0);
  });

  it('an API token cannot pin (403, saying why) and reads nothing pinned; no session is a 401', async () => {
    await as(viewer.cookie).pin('pin.a');
    const rows = await pinRows();
    const refused = await server.call('POST', pinPath('pin.a'), { token: adminToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      name: 'NoAccessError',
      message: 'This call needs a signed-in user; API tokens cannot use it',
    });
    expect((await server.call('DELETE', pinPath('pin.a'), { token: adminToken })).status).toBe(403);
    expect((await server.call('POST', pinPath('pin.a'))).status).toBe(401);
    expect(await pinRows()).toBe(rows);
    const list = await server.call('GET', 'api/admin/features', { token: adminToken });
    expect(pinsIn(list.body.features)['pin.a']).toBe(false);
    expect((await server.call('GET', 'api/admin/features/pin.a', { token: adminToken })).body.favorite).toBe(false);
    await as(viewer.cookie).unpin('pin.a');
  });

  it('pins go with the user and with the toggle; an archived toggle keeps them until it is deleted', async () => {
    const doomed = await server.createUser('Editor');
    await as(doomed.cookie).pin('pin.a');
    await as(viewer.cookie).pin('pin.c');
    const countFor = async (clause: string) =>
      Number((await server.sql(`select count(*)::int as n from favorite_features where ${clause}`))[0].n);
    expect(await countFor(`user_id = ${doomed.id}`)).toBe(1);
    expect((await server.call('DELETE', `api/admin/user-admin/${doomed.id}`, { cookie: admin })).status).toBe(200);
    expect(await countFor(`user_id = ${doomed.id}`)).toBe(0);

    expect((await server.call('DELETE', 'api/admin/features/pin.c', { cookie: admin })).status).toBe(200);
    expect(await countFor(`feature = 'pin.c'`)).toBe(1);
    expect((await server.call('POST', 'api/admin/archive/revive/pin.c', { cookie: admin })).status).toBe(200);
    expect(await readsOf(viewer.cookie, 'pin.c')).toEqual([true, true, true, true]);
    expect((await server.call('DELETE', 'api/admin/features/pin.c', { cookie: admin })).status).toBe(200);
    expect((await server.call('DELETE', 'api/admin/archive/pin.c', { cookie: admin })).status).toBe(200);
    expect(await countFor(`feature = 'pin.c'`)).toBe(0);
  });
});
