import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type TestUser } from '../test-support/harness.ts';
import { expectError } from '../test-support/answers.ts';

// Project access (Unleash 4's project roles): GET api/admin/projects/{id}/users, POST and DELETE
// .../users/{userId}/roles/{roleId}, the user search, and what a project role lets its holder do.

const MEMBER = 5;
const OWNER = 4;

let server: TestServer;
let admin: string;
let editor: TestUser;
let adminToken: string;

const usersPath = (project: string) => `api/admin/projects/${project}/users`;
const rolePath = (project: string, userId: number | string, roleId: number | string) =>
  `${usersPath(project)}/${userId}/roles/${roleId}`;
const grant = (cookie: string, project: string, userId: number | string, roleId: number | string) =>
  server.call('POST', rolePath(project, userId, roleId), { cookie });
const revoke = (cookie: string, project: string, userId: number | string, roleId: number | string) =>
  server.call('DELETE', rolePath(project, userId, roleId), { cookie });
const accessOf = async (project: string) => (await server.call('GET', usersPath(project), { cookie: admin })).body;
const rolesIn = async (project: string) =>
  Object.fromEntries(
    ((await accessOf(project)).users as Array<{ id: number; roleId: number }>).map((u) => [u.id, u.roleId]),
  );

type Event = { type: string; project: string | null; data: unknown; preData: unknown; createdBy: string };
const accessEvents = async (): Promise<Event[]> =>
  ((await server.call('GET', 'api/admin/events', { cookie: admin })).body.events as Event[]).filter((e) =>
    e.type.startsWith('project-user-'),
  );

/** Through an admin API token: a project created so has no Owner, so each test gives the roles it needs. */
async function createProject(id: string) {
  const created = await server.call('POST', 'api/admin/projects', { token: adminToken, body: { id, name: id } });
  expect(created.status).toBe(201);
  expect(created.body.memberCount).toBe(0);
}
const createToggle = (cookie: string, project: string, name: string) =>
  server.call('POST', `api/admin/projects/${project}/features`, { cookie, body: { name } });
const permissionsOf = async (cookie: string) =>
  (await server.call('GET', 'api/admin/user', { cookie })).body.permissions as Array<{
    project: string | null;
    permission: string;
  }>;

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminCookie();
  editor = await server.createUser('Editor');
  const token = await server.call('POST', 'api/admin/api-tokens', {
    cookie: admin,
    body: { username: 'project-maker', type: 'admin' },
  });
  expect(token.status).toBe(201);
  adminToken = token.body.secret;
  for (const id of ['alpha', 'beta', 'gamma', 'delta']) await createProject(id);
});
afterAll(() => server?.close());

describe('GET api/admin/projects/{id}/users', () => {
  it('answers the project roles, least privileged first, and no users for a new project', async () => {
    const viewer = await server.createUser('Viewer');
    const answer = await server.call('GET', usersPath('gamma'), { cookie: viewer.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.users).toEqual([]);
    expect(answer.body.roles.map((r: { id: number; name: string; type: string }) => [r.id, r.name, r.type])).toEqual([
      [MEMBER, 'Member', 'project'],
      [OWNER, 'Owner', 'project'],
    ]);
  });

  it('is a 404 for an unknown project and a 401 without a session', async () => {
    const unknown = await server.call('GET', usersPath('nope'), { cookie: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'NotFoundError', message: 'No project found' });
    expect((await server.call('GET', usersPath('gamma'))).status).toBe(401);
  });
});

describe('a Viewer given the Member role in a project', () => {
  it('may create toggles there and nowhere else, is reported so, and loses it with the role', async () => {
    const viewer = await server.createUser('Viewer');
    expect((await createToggle(viewer.cookie, 'alpha', 'member.before')).status).toBe(403);

    expect((await grant(admin, 'alpha', viewer.id, MEMBER)).status).toBe(200);
    const [listed] = (await accessOf('alpha')).users;
    expect(listed).toMatchObject({ id: viewer.id, roleId: MEMBER, email: viewer.email, imageUrl: '' });
    expect(listed).not.toHaveProperty('passwordHash');

    expect((await createToggle(viewer.cookie, 'alpha', 'member.in-alpha')).status).toBe(201);
    const inBeta = await createToggle(viewer.cookie, 'beta', 'member.in-beta');
    expect(inBeta.status).toBe(403);
    expect(inBeta.body).toMatchObject({ name: 'NoAccessError' });
    const update = await server.call('PUT', 'api/admin/projects/alpha/features/member.in-alpha', {
      cookie: viewer.cookie,
      body: { name: 'member.in-alpha', description: 'changed by a member', type: 'release' },
    });
    expect(update.status).toBe(200);

    const held = await permissionsOf(viewer.cookie);
    expect(held).toEqual(
      expect.arrayContaining([
        { project: 'alpha', permission: 'CREATE_FEATURE' },
        { project: 'alpha', permission: 'UPDATE_FEATURE' },
        { project: 'alpha', permission: 'DELETE_FEATURE' },
      ]),
    );
    expect(held).toHaveLength(3); // not UPDATE_PROJECT: a Member does not manage the project
    expect((await grant(viewer.cookie, 'alpha', editor.id, MEMBER)).status).toBe(403);

    expect((await revoke(admin, 'alpha', viewer.id, MEMBER)).status).toBe(200);
    expect((await createToggle(viewer.cookie, 'alpha', 'member.after')).status).toBe(403);
    expect(await permissionsOf(viewer.cookie)).toEqual([]);
    expect(await rolesIn('alpha')).toEqual({});
  });
});

describe('roles, owners and their audit events', () => {
  it('adds, changes and removes roles with an event each; a repeat is a no-op; an Owner manages the project', async () => {
    const [first, second] = [await server.createUser('Viewer'), await server.createUser('Viewer')];
    const before = (await accessEvents()).length;

    expect((await grant(admin, 'beta', first.id, MEMBER)).status).toBe(200);
    expect((await grant(admin, 'beta', first.id, MEMBER)).status).toBe(200); // already held: nothing happens
    expect((await grant(admin, 'beta', first.id, OWNER)).status).toBe(200);
    expect(await rolesIn('beta')).toEqual({ [first.id]: OWNER });

    // The Owner holds UPDATE_PROJECT in beta: they may give others roles there, but not in another project.
    expect((await grant(first.cookie, 'beta', second.id, MEMBER)).status).toBe(200);
    expect((await grant(first.cookie, 'gamma', second.id, MEMBER)).status).toBe(403);
    expect((await revoke(first.cookie, 'beta', second.id, MEMBER)).status).toBe(200);

    const all = await accessEvents();
    const events = all.slice(0, all.length - before).reverse();
    expect(events.map((e) => [e.type, e.project])).toEqual([
      ['project-user-added', 'beta'],
      ['project-user-role-changed', 'beta'],
      ['project-user-added', 'beta'],
      ['project-user-removed', 'beta'],
    ]);
    expect(events[1]).toMatchObject({
      createdBy: 'admin',
      data: { userId: first.id, roleId: OWNER, roleName: 'Owner' },
      preData: { userId: first.id, roleId: MEMBER, roleName: 'Member' },
    });
    expect(events[3]).toMatchObject({ createdBy: first.email, preData: { userId: second.id, roleId: MEMBER } });
  });

  it('refuses to remove or demote the last Owner (400), changing nothing; with two owners one may go', async () => {
    const [one, two] = [await server.createUser('Viewer'), await server.createUser('Viewer')];
    expect((await grant(admin, 'delta', one.id, OWNER)).status).toBe(200);
    const events = (await accessEvents()).length;

    for (const refused of [await revoke(admin, 'delta', one.id, OWNER), await grant(admin, 'delta', one.id, MEMBER)]) {
      expectError(refused, 400, 'ProjectWithoutOwnerError', 'A project must have at least one owner');
    }
    expect(await rolesIn('delta')).toEqual({ [one.id]: OWNER });
    expect((await accessEvents()).length).toBe(events);

    expect((await grant(admin, 'delta', two.id, OWNER)).status).toBe(200);
    expect((await grant(admin, 'delta', one.id, MEMBER)).status).toBe(200);
    expect((await revoke(admin, 'delta', one.id, MEMBER)).status).toBe(200);
    expect(await rolesIn('delta')).toEqual({ [two.id]: OWNER });
  });
});

describe('who may change project access, and bad input', () => {
  it('needs UPDATE_PROJECT in the project: Admins, Editors and admin tokens may; Viewers and client tokens not', async () => {
    const [viewer, target] = [await server.createUser('Viewer'), await server.createUser('Viewer')];
    expect((await grant(viewer.cookie, 'gamma', target.id, MEMBER)).status).toBe(403);
    expect((await revoke(viewer.cookie, 'gamma', target.id, MEMBER)).status).toBe(403);
    expect((await grant(editor.cookie, 'gamma', target.id, MEMBER)).status).toBe(200);
    const tokens = await Promise.all(
      (['admin', 'client'] as const).map(async (type) => {
        const created = await server.call('POST', 'api/admin/api-tokens', {
          cookie: admin,
          body: { username: `access-${type}`, type, ...(type === 'client' ? { environment: 'default' } : {}) },
        });
        expect(created.status).toBe(201);
        return created.body.secret as string;
      }),
    );
    expect((await server.call('DELETE', rolePath('gamma', target.id, MEMBER), { token: tokens[1] })).status).toBe(403);
    expect((await server.call('DELETE', rolePath('gamma', target.id, MEMBER), { token: tokens[0] })).status).toBe(200);
    expect(await rolesIn('gamma')).toEqual({});
  });

  it('makes Owners, or takes that away, only by an Owner of the project or an Admin (403, changing nothing)', async () => {
    await createProject('epsilon');
    const [owner, target] = [await server.createUser('Editor'), await server.createUser('Viewer')];
    expect((await grant(admin, 'epsilon', target.id, OWNER)).status).toBe(200);
    const events = (await accessEvents()).length;
    const ownersOnly = 'Only an Owner of project epsilon or an Admin may make someone its Owner or take that away';
    for (const refused of [
      await grant(editor.cookie, 'epsilon', editor.id, OWNER),
      await grant(editor.cookie, 'epsilon', target.id, MEMBER),
      await revoke(editor.cookie, 'epsilon', target.id, OWNER),
    ]) {
      expectError(refused, 403, 'NoAccessError', ownersOnly, { permission: 'PROJECT_OWNERS_WRITE' });
    }
    expect(await rolesIn('epsilon')).toEqual({ [target.id]: OWNER });
    expect((await accessEvents()).length).toBe(events);
    // An Editor may still give and take Member; an Owner (here an Editor made one) may also make and unmake Owners.
    expect((await grant(editor.cookie, 'epsilon', editor.id, MEMBER)).status).toBe(200);
    expect((await grant(admin, 'epsilon', owner.id, OWNER)).status).toBe(200);
    expect((await grant(owner.cookie, 'epsilon', editor.id, OWNER)).status).toBe(200);
    expect((await revoke(owner.cookie, 'epsilon', target.id, OWNER)).status).toBe(200);
    expect(await rolesIn('epsilon')).toEqual({ [owner.id]: OWNER, [editor.id]: OWNER });
    expect((await revoke(owner.cookie, 'epsilon', editor.id, OWNER)).status).toBe(200);
  });

  it('answers 404 for an unknown project, user or role and 400 for a malformed id, changing nothing', async () => {
    const viewer = await server.createUser('Viewer');
    const events = (await accessEvents()).length;
    const cases: Array<[number, string, ReturnType<typeof grant>]> = [
      [404, 'No project found', grant(admin, 'nope', viewer.id, MEMBER)],
      [404, 'Could not find user with id 999999', grant(admin, 'gamma', 999999, MEMBER)],
      [404, 'Could not find project role with id 1', grant(admin, 'gamma', viewer.id, 1)],
      [404, 'Could not find project role with id 99', revoke(admin, 'gamma', viewer.id, 99)],
      [404, `User ${viewer.id} does not hold the role Member in project gamma`, revoke(admin, 'gamma', viewer.id, 5)],
      [400, 'userId', grant(admin, 'gamma', 'abc', MEMBER)],
      [400, 'roleId', grant(admin, 'gamma', viewer.id, 0)],
      [400, 'userId', revoke(admin, 'gamma', 99999999999, MEMBER)],
      [404, 'No project found', grant(admin, 'x'.repeat(100), viewer.id, MEMBER)],
    ];
    for (const [status, message, pending] of cases) {
      const answer = await pending;
      expect(answer.status).toBe(status);
      expect(answer.body.message).toContain(message);
      expect(answer.body.name).toBe(status === 404 ? 'NotFoundError' : 'ValidationError');
      expect(answer.text).not.toMatch(/at .*\.ts|stack/i);
    }
    expect(await rolesIn('gamma')).toEqual({});
    expect((await accessEvents()).length).toBe(events);
  });
});

describe('the creator of a project', () => {
  it('is its Owner when signed in, with an event; a refused create adds none; an API token makes no Owner', async () => {
    const created = await server.call('POST', 'api/admin/projects', {
      cookie: editor.cookie,
      body: { id: 'made', name: 'Made' },
    });
    expect(created.status).toBe(201);
    expect(created.body.memberCount).toBe(1);
    expect((await accessOf('made')).users).toEqual([
      {
        id: editor.id,
        name: expect.any(String),
        username: null,
        email: editor.email,
        imageUrl: '',
        roleId: OWNER,
      },
    ]);
    expect((await accessEvents()).filter((e) => e.project === 'made')).toMatchObject([
      {
        type: 'project-user-added',
        project: 'made',
        createdBy: editor.email,
        data: { userId: editor.id, email: editor.email, roleId: OWNER, roleName: 'Owner' },
        preData: null,
      },
    ]);
    // As its Owner the creator cannot simply leave: the project keeps one.
    expect((await revoke(editor.cookie, 'made', editor.id, OWNER)).status).toBe(400);
    const list = (await server.call('GET', 'api/admin/projects', { cookie: admin })).body.projects;
    expect(list.find((p: { id: string }) => p.id === 'made').memberCount).toBe(1);

    // A refused create (the id is taken) adds no role and writes no event.
    const events = (await accessEvents()).length;
    const again = await server.call('POST', 'api/admin/projects', {
      cookie: admin,
      body: { id: 'made', name: 'Again' },
    });
    expect(again.status).toBe(409);
    expect(await rolesIn('made')).toEqual({ [editor.id]: OWNER });
    expect((await accessEvents()).length).toBe(events);

    // Created through an API token: nobody holds a role, and the project works (a toggle, a role given later).
    await createProject('tokened');
    expect((await accessOf('tokened')).users).toEqual([]);
    expect((await createToggle(editor.cookie, 'tokened', 'tokened.toggle')).status).toBe(201);
    expect((await grant(admin, 'tokened', editor.id, OWNER)).status).toBe(200);
    expect(await rolesIn('tokened')).toEqual({ [editor.id]: OWNER });
  });
});

describe('memberCount', () => {
  it('counts the users holding a role, on the list and the project; a deleted user no longer counts', async () => {
    await createProject('counted');
    const [one, two] = [await server.createUser('Viewer'), await server.createUser('Editor')];
    expect((await grant(admin, 'counted', one.id, OWNER)).status).toBe(200);
    expect((await grant(admin, 'counted', two.id, MEMBER)).status).toBe(200);
    const count = async () => {
      const list = (await server.call('GET', 'api/admin/projects', { cookie: admin })).body.projects;
      const project = (await server.call('GET', 'api/admin/projects/counted', { cookie: admin })).body;
      return [list.find((p: { id: string }) => p.id === 'counted').memberCount, project.members];
    };
    expect(await count()).toEqual([2, 2]);
    expect((await server.call('DELETE', `api/admin/user-admin/${two.id}`, { cookie: admin })).status).toBe(200);
    expect(await count()).toEqual([1, 1]);
  });
});

describe('GET api/admin/user-admin/search', () => {
  const search = (cookie: string, q: string) =>
    server.call('GET', `api/admin/user-admin/search?q=${encodeURIComponent(q)}`, { cookie });

  it('finds users by name, user name or e-mail, case-insensitive, in the Unleash shape', async () => {
    const created = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'Jane.Searchable@Example.com', name: 'Jane Doe', rootRole: 3 },
    });
    expect(created.status).toBe(201);
    for (const q of ['jane d', 'SEARCHABLE', 'e.search']) {
      const answer = await search(admin, q);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        {
          isAPI: false,
          id: created.body.id,
          name: 'Jane Doe',
          username: null,
          email: 'jane.searchable@example.com',
          imageUrl: '',
        },
      ]);
    }
    expect((await search(admin, 'admin')).body.map((u: { username: string }) => u.username)).toContain('admin');
    expect((await search(admin, '%')).body).toEqual([]); // a wildcard matches itself only
    expect((await search(admin, 'no-such-person')).body).toEqual([]);
  });

  it('is for whoever may manage some project access; a missing or empty q is a 400', async () => {
    const viewer = await server.createUser('Viewer');
    expect((await search(viewer.cookie, 'jane')).status).toBe(403);
    expect((await search(editor.cookie, 'jane')).status).toBe(200);
    expect((await grant(admin, 'gamma', viewer.id, OWNER)).status).toBe(200);
    expect((await search(viewer.cookie, 'jane')).status).toBe(200);
    const missing = await server.call('GET', 'api/admin/user-admin/search', { cookie: admin });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ name: 'ValidationError' });
    expect((await search(admin, '')).status).toBe(400);
  });
});
