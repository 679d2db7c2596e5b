import type { Constraint } from '../../../contract/constraints';
import type { Variant } from '../variants/variants';

export interface StrategyInstance {
  id?: string;
  name: string;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  sortOrder?: number;
}

/** A toggle as GET api/admin/features (and /features/{name}, /archive/features) returns it. */
export interface FeatureToggle {
  name: string;
  description?: string | null;
  type?: string;
  project?: string;
  enabled?: boolean;
  stale?: boolean;
  archived?: boolean;
  strategies?: StrategyInstance[];
  variants?: Variant[] | null;
  createdAt?: string;
  lastSeenAt?: string | null;
  /** Bumped by the server on every change of the toggle (its ETag); absent on servers without versions. */
  version?: number;
}

/** One environment of a toggle, as GET api/admin/projects/{project}/features/{name} returns it. */
export interface FeatureEnvironment {
  name: string;
  type?: string;
  enabled: boolean;
  sortOrder?: number;
  strategies: StrategyInstance[];
}

/** GET api/admin/projects/{project}/features/{name}: the toggle with every environment and its strategies. */
export interface ProjectFeature {
  name: string;
  description?: string | null;
  type?: string;
  project: string;
  stale?: boolean;
  variants?: Variant[] | null;
  createdAt?: string;
  lastSeenAt?: string | null;
  archived?: boolean;
  version?: number;
  environments: FeatureEnvironment[];
}

export interface FeatureType {
  id: string;
  name: string;
  description?: string;
  lifetimeDays?: number | null;
}

export interface ToggleMetrics {
  lastHour: Record<string, { yes: number; no: number }>;
  lastMinute: Record<string, { yes: number; no: number }>;
}
