import type { ProjectFeature } from '../../types';

const rollout = {
  id: 's1',
  name: 'flexibleRollout',
  parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
};

/** A toggle with a development environment (one strategy, on) and a production one (none, off). */
export function sampleFeature(changes: Partial<ProjectFeature> = {}): ProjectFeature {
  return {
    name: 'checkout',
    description: 'New checkout',
    type: 'release',
    project: 'default',
    stale: false,
    archived: false,
    variants: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
    environments: [
      { name: 'development', type: 'development', enabled: true, sortOrder: 1, strategies: [rollout] },
      { name: 'production', type: 'production', enabled: false, sortOrder: 2, strategies: [] },
    ],
    ...changes,
  };
}
