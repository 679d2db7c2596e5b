// Unknown fields on strategy instances and constraints are refused with a 400 naming them
// (they used to be dropped, so a constraint sent with `inverted: true` was served with the opposite meaning).
// Parameters stay free-form; what an answer carries (id, sortOrder) may be sent back as it came.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../../test-support/fixture.ts';

const call = (method: string, path: string, body?: unknown) => server.call(method, path, { cookie: admin, body });
const TOGGLE = 'api/admin/projects/default/features/fields.toggle';
const DEV = `${TOGGLE}/environments/development/strategies`;
const constraint = { contextName: 'userId', operator: 'IN', values: ['1'] };

useServer();
beforeAll(async () => {
  expect((await call('POST', 'api/admin/projects/default/features', { name: 'fields.toggle' })).status).toBe(201);
});

/** Sends a refused call and checks the 400 names `label`, and that the toggle did not change. */
async function refusedNaming(method: string, path: string, body: unknown, label: string) {
  const before = await call('GET', TOGGLE);
  const response = await call(method, path, body);
  expect(response.status, response.text).toBe(400);
  expect(response.body).toMatchObject({ name: 'ValidationError', isJoi: true, message: `"${label}" is not allowed` });
  expect(response.body.details.map((d: { message: string }) => d.message)).toContain(`"${label}" is not allowed`);
  expect((await call('GET', TOGGLE)).body).toEqual(before.body);
}

describe('unknown fields', () => {
  it('refuses a constraint with a field it does not have, naming it', async () => {
    await refusedNaming(
      'POST',
      DEV,
      { name: 'default', constraints: [{ ...constraint, negate: true }] },
      'constraints.0.negate',
    );
    await refusedNaming(
      'POST',
      DEV,
      { name: 'default', constraints: [constraint, { ...constraint, ignoreCase: true }] },
      'constraints.1.ignoreCase',
    );
  });

  it('refuses an unknown field on a strategy instance, in every call that takes one', async () => {
    await refusedNaming('POST', DEV, { name: 'default', segmentIds: [1] }, 'segmentIds');
    const added = await call('POST', DEV, { name: 'default', constraints: [constraint] });
    expect(added.status).toBe(200);
    await refusedNaming('PUT', `${DEV}/${added.body.id}`, { name: 'default', title: 'x' }, 'title');
    await refusedNaming(
      'PUT',
      `${DEV}/${added.body.id}`,
      { constraints: [{ ...constraint, negate: false }] },
      'constraints.0.negate',
    );
    await refusedNaming(
      'PATCH',
      `${DEV}/${added.body.id}`,
      [{ op: 'add', path: '/constraints/0/negate', value: true }],
      'constraints[0].negate',
    );
    await refusedNaming(
      'PUT',
      'api/admin/features/fields.toggle',
      { name: 'fields.toggle', strategies: [{ name: 'default', constraints: [{ ...constraint, negate: true }] }] },
      'strategies.0.constraints.0.negate',
    );
    await refusedNaming(
      'POST',
      'api/admin/features',
      { name: 'fields.new', strategies: [{ name: 'default', disabled: true }] },
      'strategies.0.disabled',
    );
    expect((await call('GET', 'api/admin/features/fields.new')).status).toBe(404);
  });

  it('keeps parameters free-form, and takes back what an answer carries (id, sortOrder)', async () => {
    const [strategy] = (await call('GET', DEV)).body;
    const back = await call('PUT', `${DEV}/${strategy.id}`, strategy);
    expect(back.status, back.text).toBe(200);
    const classic = (await call('GET', 'api/admin/features/fields.toggle')).body;
    const put = await call('PUT', 'api/admin/features/fields.toggle', {
      name: classic.name,
      strategies: classic.strategies,
    });
    expect(put.status, put.text).toBe(200);
    const rollout = await call('POST', DEV, {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'g' },
    });
    expect(rollout.status, rollout.text).toBe(200);
  });
});
