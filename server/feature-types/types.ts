import { pastLifetime } from '../../contract/projects.ts';

/**
 * The five feature toggle types (fixed reference data, Unleash's texts). lifetimeDays: when a toggle of the type
 * becomes potentially stale.
 */
export const FEATURE_TYPES = [
  {
    id: 'release',
    name: 'Release',
    description: 'Used to enable trunk-based development for teams practicing Continuous Delivery.',
    lifetimeDays: 40,
  },
  {
    id: 'experiment',
    name: 'Experiment',
    description: 'Used to perform multivariate or A/B testing.',
    lifetimeDays: 40,
  },
  {
    id: 'operational',
    name: 'Operational',
    description: 'Used to control operational aspects of the system behavior.',
    lifetimeDays: 7,
  },
  {
    id: 'kill-switch',
    name: 'Kill switch',
    description: 'Used to to gracefully degrade system functionality.',
    lifetimeDays: null,
  },
  {
    id: 'permission',
    name: 'Permission',
    description: 'Used to change the features or product experience that certain users receive.',
    lifetimeDays: null,
  },
] as const;

export type FeatureType = (typeof FEATURE_TYPES)[number]['id'];
export const FEATURE_TYPE_IDS: FeatureType[] = FEATURE_TYPES.map((t) => t.id);

/** Whether a live toggle has outlived its type's expected lifetime. */
export function potentiallyStale(type: string, createdAt: Date, now = Date.now()): boolean {
  return pastLifetime(createdAt.getTime(), FEATURE_TYPES.find((t) => t.id === type)?.lifetimeDays, now);
}
