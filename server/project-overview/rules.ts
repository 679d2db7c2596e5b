import { potentiallyStale } from '../feature-types/index.ts';
import type { FeatureRow } from '../features/index.ts';

/** Live toggles that are neither stale nor past their type's lifetime (potentially stale). */
const isHealthy = (f: FeatureRow, now: number) => !f.stale && !potentiallyStale(f.type, f.createdAt, now);

/** Percentage of live toggles that are neither stale nor past their type's lifetime (100 without toggles). */
export function health(features: FeatureRow[], now = Date.now()): number {
  if (features.length === 0) return 100;
  return Math.round((features.filter((f) => isHealthy(f, now)).length / features.length) * 100);
}

/**
 * The counts of the health report (Unleash's rules): active = not stale, potentially stale = not stale but older
 * than its type's lifetime.
 */
export function healthCounts(features: FeatureRow[], now: number) {
  const active = features.filter((f) => !f.stale);
  return {
    potentiallyStaleCount: active.filter((f) => potentiallyStale(f.type, f.createdAt, now)).length,
    activeCount: active.length,
    staleCount: features.length - active.length,
  };
}
