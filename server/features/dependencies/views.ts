import type { Dependency } from '../../../contract/features.ts';
import type { DependencyRow } from './store.ts';

/** A stored dependency as answers serve it: the parent, whether it must be on, and the variants it must have. */
export const dependencyView = (d: DependencyRow): Dependency => ({
  feature: d.parent,
  enabled: d.enabled,
  variants: d.variants as string[],
});

/** A toggle's family: its parents (at most one) and the names of its children. */
export interface Family {
  parents: DependencyRow[];
  children: DependencyRow[];
}
