import { describe, expect, it } from 'vitest';
import type { ProjectFeature } from '../types';
import {
  applyChange,
  fromClassic,
  fromProject,
  projectView,
  samePart,
  touchedPart,
  withOverview,
  type ToggleState,
} from './toggle-state';

const project: ProjectFeature = {
  name: 'checkout',
  project: 'web',
  type: 'release',
  stale: false,
  version: 4,
  variants: [],
  environments: [
    {
      name: 'default',
      type: 'production',
      enabled: true,
      sortOrder: 1,
      strategies: [{ id: 's1', name: 'default', parameters: {}, constraints: [] }],
    },
    { name: 'dev', type: 'development', enabled: false, sortOrder: 2, strategies: [] },
  ],
};

describe('the mirrored toggle', () => {
  it('derives the classic shape from the default environment of the project shape, and back', () => {
    const state = fromProject(undefined, project);
    expect(state.toggle).toMatchObject({
      name: 'checkout',
      enabled: true,
      version: 4,
      strategies: project.environments[0].strategies,
    });
    expect(projectView(state)).toEqual({ ...project });
  });

  it('keeps the strategies it knows when a project list brings only the environment states', () => {
    const state = withOverview(fromProject(undefined, project), [
      { name: 'default', enabled: false, type: 'production', sortOrder: 1 },
      { name: 'dev', enabled: true, type: 'development', sortOrder: 2 },
    ]);
    expect(state.toggle.enabled).toBe(false);
    expect(state.environments?.map((e) => [e.name, e.enabled, e.strategies?.length])).toEqual([
      ['default', false, 1],
      ['dev', true, 0],
    ]);
    const onlyOverview = withOverview({ toggle: { name: 'new' } }, [{ name: 'dev', enabled: true }]);
    expect(projectView(onlyOverview)).toBeUndefined();
  });

  it('ignores an answer older (by version) than what it knows', () => {
    const known = fromProject(undefined, project);
    expect(fromClassic(known, { name: 'checkout', version: 3, enabled: false })).toBe(known);
    expect(fromClassic(known, { name: 'checkout', version: 5, enabled: false }).toggle.enabled).toBe(false);
  });
});

describe('changes applied optimistically', () => {
  const state: ToggleState = fromProject(undefined, project);

  it('a classic flip and a flip of the default environment are the same thing', () => {
    const off = applyChange(state, { kind: 'enabled', enabled: false });
    expect(off.toggle.enabled).toBe(false);
    expect(off.environments?.[0].enabled).toBe(false);
    const envOff = applyChange(state, { kind: 'environment', environment: 'default', enabled: false });
    expect(envOff.toggle.enabled).toBe(false);
    const dev = applyChange(state, { kind: 'environment', environment: 'dev', enabled: true });
    expect(dev.toggle.enabled).toBe(true);
    expect(dev.environments?.[1].enabled).toBe(true);
  });

  it('adds, updates, reorders and removes strategies in their environment', () => {
    const added = applyChange(state, {
      kind: 'strategy-add',
      environment: 'default',
      strategy: { id: 'tmp-a', name: 'userWithId', parameters: { userIds: 'ann' }, constraints: [] },
    });
    expect(added.toggle.strategies?.map((s) => s.id)).toEqual(['s1', 'tmp-a']);
    const reordered = applyChange(added, { kind: 'strategy-order', environment: 'default', ids: ['tmp-a', 's1'] });
    expect(projectView(reordered)?.environments[0].strategies.map((s) => s.id)).toEqual(['tmp-a', 's1']);
    const updated = applyChange(reordered, {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { id: 'tmp-a', name: 'userWithId', parameters: { userIds: 'bob' }, constraints: [] },
    });
    expect(updated.toggle.strategies?.[0].parameters).toEqual({ userIds: 'bob' });
    const removed = applyChange(updated, { kind: 'strategy-remove', environment: 'default', strategyId: 's1' });
    expect(removed.toggle.strategies?.map((s) => s.id)).toEqual(['tmp-a']);
    expect(removed.environments?.[1]).toEqual(state.environments?.[1]);
  });

  it('stale and variants change the toggle', () => {
    expect(applyChange(state, { kind: 'stale', stale: true }).toggle.stale).toBe(true);
    const variants = [{ name: 'a', weight: 1000, weightType: 'variable' as const }];
    expect(applyChange(state, { kind: 'variants', variants }).toggle.variants).toEqual(variants);
  });
});

describe('the part a change touches', () => {
  const state = fromProject(undefined, project);

  it('is what the change would overwrite', () => {
    expect(touchedPart(state, { kind: 'enabled', enabled: false })).toBe(true);
    expect(touchedPart(state, { kind: 'environment', environment: 'dev', enabled: true })).toBe(false);
    expect(touchedPart(state, { kind: 'stale', stale: true })).toBe(false);
    expect(touchedPart(state, { kind: 'strategy-order', environment: 'default', ids: ['s1'] })).toEqual(['s1']);
  });

  it('compares strategies by content: ids and sort order are the server’s bookkeeping', () => {
    const server = fromProject(undefined, {
      ...project,
      environments: [
        {
          ...project.environments[0],
          strategies: [{ id: 'other', name: 'default', constraints: [], parameters: {}, sortOrder: 9999 }],
        },
      ],
    });
    const change = {
      kind: 'strategy-add' as const,
      environment: 'default',
      strategy: { id: 'tmp-1', name: 'default' },
    };
    expect(samePart(touchedPart(server, change), touchedPart(state, change))).toBe(true);
    const edited = applyChange(server, {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { id: 'other', name: 'default', parameters: { x: '1' } },
    });
    expect(samePart(touchedPart(edited, change), touchedPart(state, change))).toBe(false);
  });
});
