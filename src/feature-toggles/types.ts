import type { Static } from 'typebox';
import type { ClassicFeature, FeatureTypeSchema, ProjectFeatureReadSchema } from '../../contract/features';
import type { ToggleMetricsSchema } from '../../contract/metrics';
import type { Received } from '../shared/api/received';
import type { StrategyInstance } from '../strategies/strategy-instance';

// The toggle API's wire types (contract/features.ts) as the console reads them (see Received).

/**
 * A toggle as GET api/admin/features (and /features/{name}, /archive/features) returns it; `favorite`: whether the
 * signed-in user pinned it (the lists and single reads carry it).
 */
export type FeatureToggle = Received<Omit<ClassicFeature, 'strategies'>, 'name'> & {
  strategies?: StrategyInstance[];
  favorite?: boolean;
};

type WireProjectFeature = Static<typeof ProjectFeatureReadSchema>;

/** One environment of a toggle, as GET api/admin/projects/{project}/features/{name} returns it. */
export type FeatureEnvironment = Received<
  Omit<WireProjectFeature['environments'][number], 'strategies'>,
  'name' | 'enabled'
> & {
  strategies: StrategyInstance[];
};

/** GET api/admin/projects/{project}/features/{name}: the toggle with every environment and its strategies. */
export type ProjectFeature = Received<Omit<WireProjectFeature, 'environments'>, 'name' | 'project'> & {
  environments: FeatureEnvironment[];
};

export type FeatureType = Received<Static<typeof FeatureTypeSchema>, 'id' | 'name'>;

export type ToggleMetrics = Static<typeof ToggleMetricsSchema>;
