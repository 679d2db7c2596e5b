import { describe, expect, it } from 'vitest';
import {
  describeChange,
  notDone,
  requestFor,
  staleMessage,
  successMessage,
  variantsPatch,
  type ToggleChange,
} from './changes';

const entry = (change: ToggleChange, snapshot: unknown = null) => ({
  project: 'web',
  feature: 'my.toggle',
  change,
  snapshot,
});

describe('queued changes in words', () => {
  it('says what each change does, naming the toggle and environment', () => {
    expect(describeChange('my.toggle', { kind: 'environment', environment: 'production', enabled: true })).toBe(
      'Turn on "my.toggle" in production',
    );
    expect(describeChange('my.toggle', { kind: 'enabled', enabled: false })).toBe('Turn off "my.toggle"');
    expect(describeChange('my.toggle', { kind: 'stale', stale: true })).toBe('Mark "my.toggle" as stale');
    const strategy = { id: 'tmp-1', name: 'flexibleRollout', parameters: {}, constraints: [] };
    expect(describeChange('my.toggle', { kind: 'strategy-add', environment: 'dev', strategy })).toBe(
      'Add strategy Gradual rollout to "my.toggle" in dev',
    );
    expect(describeChange('my.toggle', { kind: 'variants', variants: [] })).toBe('Save the variants of "my.toggle"');
  });

  it("uses the spec's success messages", () => {
    expect(successMessage('x', { kind: 'stale', stale: true })).toBe('x marked as Stale.');
    expect(staleMessage('x', false)).toBe('x marked as Active.');
    expect(successMessage('x', { kind: 'environment', environment: 'dev', enabled: true })).toBe(
      'Successfully turned environment on.',
    );
    expect(successMessage('x', { kind: 'environment', environment: 'dev', enabled: false })).toBe(
      'Successfully turned environment off.',
    );
    expect(successMessage('x', { kind: 'strategy-remove', environment: 'dev', strategyId: 's' })).toBe(
      'Strategy successfully deleted.',
    );
    expect(successMessage('x', { kind: 'enabled', enabled: true })).toBe('Successfully updated toggle status.');
    expect(successMessage('x', { kind: 'enabled', enabled: false })).toBe('Successfully updated toggle status.');
    expect(successMessage('x', { kind: 'strategy-order', environment: 'dev', ids: [] })).toBeUndefined();
  });

  it('says what a refused change did not do, naming the toggle and environment', () => {
    expect(notDone('payments.kill-switch', { kind: 'environment', environment: 'production', enabled: false })).toBe(
      'payments.kill-switch in production was not turned off',
    );
    expect(notDone('x', { kind: 'enabled', enabled: true })).toBe('x was not turned on');
    expect(notDone('x', { kind: 'stale', stale: false })).toBe('x was not marked as active');
    const strategy = { id: 's1', name: 'userWithId', parameters: {}, constraints: [] };
    expect(notDone('x', { kind: 'strategy-add', environment: 'dev', strategy })).toBe(
      'Strategy UserIDs was not added to x in dev',
    );
    expect(notDone('x', { kind: 'strategy-update', environment: 'dev', strategy })).toBe(
      'Strategy UserIDs of x in dev was not updated',
    );
    expect(notDone('x', { kind: 'strategy-remove', environment: 'dev', strategyId: 's1' })).toBe(
      'A strategy of x in dev was not deleted',
    );
    expect(notDone('x', { kind: 'strategy-order', environment: 'dev', ids: [] })).toBe(
      'The strategies of x in dev were not reordered',
    );
    expect(notDone('x', { kind: 'variants', variants: [] })).toBe('The variants of x were not saved');
  });
});

describe('what a queued change sends', () => {
  it('classic flips and stale go to the classic API', () => {
    expect(requestFor(entry({ kind: 'enabled', enabled: true }))).toEqual({
      method: 'POST',
      path: 'api/admin/features/my.toggle/toggle/on',
      layer: 'classic',
    });
    expect(requestFor(entry({ kind: 'stale', stale: false })).path).toBe('api/admin/features/my.toggle/stale/off');
  });

  it('environment and strategy edits go to the project API, with bodies of name, parameters and constraints', () => {
    const base = 'api/admin/projects/web/features/my.toggle/environments/production';
    expect(requestFor(entry({ kind: 'environment', environment: 'production', enabled: false }))).toEqual({
      method: 'POST',
      path: `${base}/off`,
      layer: 'project',
    });
    const strategy = { id: 's1', name: 'default', parameters: { a: '1' }, constraints: [], sortOrder: 3 };
    expect(requestFor(entry({ kind: 'strategy-add', environment: 'production', strategy }))).toEqual({
      method: 'POST',
      path: `${base}/strategies`,
      body: { name: 'default', parameters: { a: '1' }, constraints: [] },
      layer: 'project',
    });
    expect(requestFor(entry({ kind: 'strategy-update', environment: 'production', strategy }))).toMatchObject({
      method: 'PUT',
      path: `${base}/strategies/s1`,
    });
    // Segments and strategy variants travel with the strategy, an emptied list too (it clears them).
    const variants = [{ name: 'blue', weight: 1000, weightType: 'variable' as const, stickiness: 'default' }];
    const targeted = { ...strategy, segments: [4, 7], variants };
    expect(requestFor(entry({ kind: 'strategy-update', environment: 'production', strategy: targeted }))).toEqual({
      method: 'PUT',
      path: `${base}/strategies/s1`,
      body: { name: 'default', parameters: { a: '1' }, constraints: [], segments: [4, 7], variants },
      layer: 'project',
    });
    const cleared = { ...strategy, segments: [], variants: [] };
    expect(requestFor(entry({ kind: 'strategy-add', environment: 'production', strategy: cleared })).body).toEqual({
      name: 'default',
      parameters: { a: '1' },
      constraints: [],
      segments: [],
      variants: [],
    });
    expect(requestFor(entry({ kind: 'strategy-remove', environment: 'production', strategyId: 's1' }))).toMatchObject({
      method: 'DELETE',
      path: `${base}/strategies/s1`,
    });
    expect(requestFor(entry({ kind: 'strategy-order', environment: 'production', ids: ['b', 'a'] }))).toEqual({
      method: 'POST',
      path: `${base}/strategies/set-sort-order`,
      body: [
        { id: 'b', sortOrder: 0 },
        { id: 'a', sortOrder: 1 },
      ],
      layer: 'project',
    });
  });

  it('variants go as a JSON patch of the array from the list the change was made on', () => {
    const a = { name: 'a', weight: 500, weightType: 'variable' as const };
    const b = { name: 'b', weight: 500, weightType: 'variable' as const };
    const c = { name: 'c', weight: 333, weightType: 'variable' as const };
    const request = requestFor(entry({ kind: 'variants', variants: [a, { ...b, weight: 333 }, c] }, [a, b]));
    expect(request).toMatchObject({ method: 'PATCH', path: 'api/admin/projects/web/features/my.toggle/variants' });
    expect(request.body).toEqual([
      { op: 'replace', path: '/1', value: { ...b, weight: 333 } },
      { op: 'add', path: '/-', value: c },
    ]);
    expect(variantsPatch([a, b, c], [a])).toEqual([
      { op: 'remove', path: '/2' },
      { op: 'remove', path: '/1' },
    ]);
    expect(variantsPatch([a], [a])).toEqual([]);
  });
});
