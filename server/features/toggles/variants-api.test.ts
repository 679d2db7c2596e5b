import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer, viewer } from '../../test-support/fixture.ts';

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body, contentType: 'application/json' });
const VARIANTS = 'api/admin/projects/default/features/var.toggle/variants';
const current = async () => (await call('GET', 'api/admin/features/var.toggle')).body;
const weights = (variants: Array<{ name: string; weight: number }>) => variants.map((v) => [v.name, v.weight]);

/** A refused change: 400 with the message, and the toggle (variants, version) and its events untouched. */
async function refused(method: string, body: unknown, message: string | RegExp, path = VARIANTS) {
  const before = await current();
  const events = (await call('GET', 'api/admin/events/var.toggle')).body.events.length;
  const response = await call(method, path, body);
  expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400);
  expect(response.body.details[0].message).toMatch(message);
  expect(await current()).toEqual(before);
  expect((await call('GET', 'api/admin/events/var.toggle')).body.events).toHaveLength(events);
  return response.body;
}

useServer({ users: true });
beforeAll(async () => {
  await call('POST', 'api/admin/projects/default/features', { name: 'var.toggle' });
});

describe('variants', () => {
  it('replaces the whole list with PUT; variable variants share 1000, the remainder going to the first ones', async () => {
    const response = await call('PUT', VARIANTS, [
      { name: 'a', weight: 1, weightType: 'variable', stickiness: 'default' },
      { name: 'b' },
      { name: 'c', payload: { type: 'json', value: '{"x":1}' }, overrides: [{ contextName: 'userId', values: ['1'] }] },
    ]);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['variants', 'version']);
    expect(response.body.version).toBe(1);
    expect(weights(response.body.variants)).toEqual([
      ['a', 334],
      ['b', 333],
      ['c', 333],
    ]);
    expect(response.body.variants[2]).toEqual({
      name: 'c',
      weight: 333,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'json', value: '{"x":1}' },
      overrides: [{ contextName: 'userId', values: ['1'] }],
    });
    expect((await current()).variants).toEqual(response.body.variants);
    const [event] = (await call('GET', 'api/admin/events/var.toggle')).body.events;
    expect(event).toMatchObject({
      type: 'feature-variants-updated',
      featureName: 'var.toggle',
      preData: { variants: null },
    });
    expect(event.data.variants).toEqual(response.body.variants);
  });

  it('patches the list with a JSON patch and recomputes the weights', async () => {
    const fixed = await call('PATCH', VARIANTS, [
      { op: 'replace', path: '/1/weightType', value: 'fix' },
      { op: 'replace', path: '/1/weight', value: 500 },
    ]);
    expect(fixed.status).toBe(200);
    expect(weights(fixed.body.variants)).toEqual([
      ['a', 250],
      ['b', 500],
      ['c', 250],
    ]);
    const moved = await call('PATCH', VARIANTS, [
      { op: 'test', path: '/0/name', value: 'a' },
      { op: 'move', from: '/2', path: '/0' },
      { op: 'copy', from: '/1', path: '/-' },
      { op: 'replace', path: '/3/name', value: 'd' },
      { op: 'remove', path: '/2' },
    ]);
    expect(moved.status).toBe(200);
    expect(weights(moved.body.variants)).toEqual([
      ['c', 334],
      ['a', 333],
      ['d', 333],
    ]);
    const [event] = (await call('GET', 'api/admin/events/var.toggle')).body.events;
    expect(event.diffs.length).toBeGreaterThan(0);
    const cleared = await call('PATCH', VARIANTS, [{ op: 'replace', path: '', value: [] }]);
    expect(cleared.body).toEqual({ version: 1, variants: [] });
    await call('PUT', VARIANTS, [{ name: 'a' }, { name: 'b' }]);
  });

  it('also takes variants through the toggle PATCH (/variants) and the classic PUT, by the same rule', async () => {
    const patched = await call('PATCH', 'api/admin/projects/default/features/var.toggle', [
      {
        op: 'add',
        path: '/variants',
        value: [{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }, { name: 'z' }],
      },
    ]);
    expect(patched.status).toBe(200);
    expect(weights(patched.body.variants)).toEqual([
      ['a', 500],
      ['z', 500],
    ]);
    const classic = await call('PUT', 'api/admin/features/var.toggle', {
      name: 'var.toggle',
      variants: [{ name: 'a', weight: 10 }],
    });
    expect(classic.status).toBe(200);
    expect(weights(classic.body.variants)).toEqual([['a', 1000]]);
    await refused(
      'PUT',
      {
        name: 'var.toggle',
        variants: [
          { name: 'a', weight: 10 },
          { name: 'a', weight: 10 },
        ],
      },
      /duplicate value/,
      'api/admin/features/var.toggle',
    );
    await refused(
      'PATCH',
      [{ op: 'add', path: '/variants', value: [{ name: 'a', weight: 'x' }] }],
      /must be a number/,
      'api/admin/projects/default/features/var.toggle',
    );
  });

  it('refuses invalid variants with the messages the console maps, changing nothing', async () => {
    const duplicate = await refused(
      'PUT',
      [{ name: 'a' }, { name: 'a' }],
      '"variants[1].name" contains a duplicate value',
    );
    expect(duplicate).toMatchObject({
      name: 'ValidationError',
      isJoi: true,
      details: [{ path: ['variants', 1, 'name'], type: 'array.unique' }],
    });
    await refused('PATCH', [{ op: 'add', path: '/-', value: { name: 'a' } }], /contains a duplicate value/);
    await refused('PUT', [{ name: 'a', weight: 'abc', weightType: 'fix' }], '"variants[0].weight" must be a number');
    await refused(
      'PATCH',
      [{ op: 'replace', path: '/0/weight', value: '10' }],
      '"variants[0].weight" must be a number',
    );
    await refused('PUT', [{ name: 'a', weight: 1001 }], '"variants[0].weight" must be less than or equal to 1000');
    await refused('PUT', [{ name: 'a', weight: -1 }], '"variants[0].weight" must be greater than or equal to 0');
    await refused('PUT', [{ name: 'a', weight: 5.5 }], '"variants[0].weight" must be an integer');
    await refused('PUT', [{ name: 'a', weightType: 'fix' }, { name: 'b' }], '"variants[0].weight" is required');
    await refused(
      'PUT',
      [{ name: 'a', weightType: 'half' }],
      '"variants[0].weightType" must be one of [variable, fix]',
    );
    await refused(
      'PUT',
      [{ name: 'a', weight: 600, weightType: 'fix' }, { name: 'b', weight: 500, weightType: 'fix' }, { name: 'c' }],
      'The traffic distribution total must equal 100%',
    );
    await refused(
      'PUT',
      [{ name: 'a', weight: 1000, weightType: 'fix' }],
      'There must be at least one variable variant',
    );
    await refused('PUT', [{ weight: 10 }], '"variants[0].name" is required');
    await refused('PUT', [{ name: ' ' }], '"variants[0].name" is not allowed to be empty');
    await refused('PUT', [{ name: 'a', stickiness: 5 }], '"variants[0].stickiness" must be a string');
    await refused(
      'PUT',
      [{ name: 'a', payload: { type: 'xml', value: '<a/>' } }],
      '"variants[0].payload.type" must be one of [string, json, csv, number]',
    );
    await refused(
      'PUT',
      [{ name: 'a', payload: { type: 'json', value: '{nope' } }],
      '"variants[0].payload.value" must be valid JSON',
    );
    await refused('PUT', [{ name: 'a', payload: { type: 'string' } }], '"variants[0].payload.value" is required');
    await refused(
      'PUT',
      [{ name: 'a', overrides: [{ contextName: 'userId', values: [1] }] }],
      '"variants[0].overrides[0].values[0]" must be a string',
    );
    await refused(
      'PUT',
      [{ name: 'a', overrides: [{ values: ['1'] }] }],
      '"variants[0].overrides[0].contextName" is required',
    );
    await refused('PUT', [{ name: 'a', color: 'red' }], '"variants[0].color" is not allowed');
    await refused('PUT', ['a'], '"variants[0]" must be of type object');
    await refused('PATCH', [{ op: 'replace', path: '', value: { name: 'a' } }], '"variants" must be an array');
    await refused('PATCH', [{ op: 'remove', path: '/9' }], '"/9" is not an index of the array');
    await refused('PATCH', [{ op: 'replace', path: '/0/name' }], '"[0].value" is required');
    await refused(
      'PATCH',
      [{ op: 'test', path: '/0/name', value: 'zzz' }],
      'The test of "/0/name" failed: the value differs',
    );
    await refused(
      'PATCH',
      [{ op: 'move', from: '/0', path: '/0/name/x' }],
      /cannot be moved into one of its own children/,
    );
  });

  it('answers 404 for unknown toggles, 403 to a Viewer, 400 on archived toggles', async () => {
    expect((await call('PUT', 'api/admin/projects/default/features/nope/variants', [])).status).toBe(404);
    expect((await call('PUT', 'api/admin/projects/other/features/var.toggle/variants', [])).status).toBe(404);
    for (const [method, body] of [
      ['PUT', []],
      ['PATCH', [{ op: 'add', path: '/-', value: { name: 'v' } }]],
    ] as const) {
      const response = await call(method, VARIANTS, body, viewer);
      expect(response.status).toBe(403);
      expect(response.body.name).toBe('NoAccessError');
    }
    await call('POST', 'api/admin/projects/default/features', { name: 'var.archived' });
    await call('DELETE', 'api/admin/projects/default/features/var.archived');
    expect((await call('PUT', 'api/admin/projects/default/features/var.archived/variants', [])).status).toBe(400);
  });
});
