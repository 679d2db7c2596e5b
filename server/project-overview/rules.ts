import type { CurrentStage } from '../../contract/lifecycle.ts';
import { potentiallyStale } from '../feature-types/index.ts';
import type { FeatureRow } from '../features/index.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Live toggles that are neither stale nor past their type's lifetime (potentially stale). */
const isHealthy = (f: FeatureRow, now: number) => !f.stale && !potentiallyStale(f.type, f.createdAt, now);

/** Percentage of live toggles that are neither stale nor past their type's lifetime (100 without toggles). */
export function health(features: FeatureRow[], now = Date.now()): number {
  if (features.length === 0) return 100;
  return Math.round((features.filter((f) => isHealthy(f, now)).length / features.length) * 100);
}

/** The live toggles not marked stale that outlived their type's lifetime (potentially stale). */
const potentiallyStaleOf = (features: FeatureRow[], now: number) =>
  features.filter((f) => !f.stale && potentiallyStale(f.type, f.createdAt, now));

/**
 * The counts of the health report (Unleash's rules): active = not stale, potentially stale = not stale but older
 * than its type's lifetime.
 */
export function healthCounts(features: FeatureRow[], now: number) {
  const active = features.filter((f) => !f.stale);
  return {
    potentiallyStaleCount: potentiallyStaleOf(features, now).length,
    activeCount: active.length,
    staleCount: features.length - active.length,
  };
}

const named = (features: FeatureRow[]) => ({ count: features.length, features: features.map((f) => f.name) });

/**
 * A project's clean-up figures from its live toggles: potentially stale (the health report's rule), completed (their
 * lifecycle's current stage), and per environment of the project those unseen there: created before `since` and
 * not used there (`used`: the toggles and environments that SDKs reported counts for since then).
 */
export function statusFigures(input: {
  features: FeatureRow[];
  environments: string[];
  stageOf: (name: string) => CurrentStage;
  used: ReadonlyArray<{ featureName: string; environment: string }>;
  since: Date;
  now: number;
}) {
  const { features, environments, stageOf, used, since, now } = input;
  const usedIn = new Set(used.map((u) => JSON.stringify([u.environment, u.featureName])));
  const old = features.filter((f) => f.createdAt < since);
  return {
    potentiallyStale: named(potentiallyStaleOf(features, now)),
    completed: named(features.filter((f) => stageOf(f.name).stage === 'completed')),
    unseen: environments.map((environment) => ({
      environment,
      ...named(old.filter((f) => !usedIn.has(JSON.stringify([environment, f.name])))),
    })),
  };
}
