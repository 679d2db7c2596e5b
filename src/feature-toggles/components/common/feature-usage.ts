import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { FeatureUsageSchema } from '../../../../contract/metrics';
import { api } from '../../../shared/api/client';
import { AuthenticationError } from '../../../shared/api/errors';
import type { Received } from '../../../shared/api/received';

/** Texts of the metrics blocks. */
export const NOT_USED =
  'Not used in an app in the last hour. This might be due to your client implementation not reporting usage.';
export const NOT_SEEN = 'Not seen in any applications';
export const NO_ENVIRONMENT_METRICS = 'No metrics available for this environment.';

type WireUsage = Static<typeof FeatureUsageSchema>;

/** One reported bucket of the last hour. */
export type EnvironmentUsage = Received<WireUsage['lastHourUsage'][number], 'environment' | 'yes' | 'no'>;

/** GET api/admin/client-metrics/features/{name}: the last hour per environment and the applications that saw it. */
export type FeatureUsage = Pick<WireUsage, 'seenApplications'> & { lastHourUsage: EnvironmentUsage[] };

export const EMPTY_USAGE: FeatureUsage = { lastHourUsage: [], seenApplications: [] };

/** How often a screen showing a toggle's metrics reads them again: what SDKs report next shows without a reload. */
export const METRICS_REFRESH_MS = 10_000;

/**
 * When the call is not ok the result is empty; a 401 still reaches the session rules. Read when a
 * screen shows it (a stored answer stands in meanwhile) and every METRICS_REFRESH_MS while it does.
 */
export const featureUsageQuery = (name: string) =>
  queryOptions({
    queryKey: ['features', 'usage', name] as const,
    queryFn: async (): Promise<FeatureUsage> => {
      try {
        const body = await api.get<Partial<FeatureUsage>>(
          `api/admin/client-metrics/features/${encodeURIComponent(name)}`,
        );
        return { lastHourUsage: body?.lastHourUsage ?? [], seenApplications: body?.seenApplications ?? [] };
      } catch (error) {
        if (error instanceof AuthenticationError) throw error;
        return EMPTY_USAGE;
      }
    },
    staleTime: METRICS_REFRESH_MS,
    refetchInterval: METRICS_REFRESH_MS,
  });

export function useFeatureUsage(name: string) {
  return useQuery(featureUsageQuery(name));
}

/** The yes/no counts of the last hour in one environment, or undefined when it reported nothing. */
export function usageIn(usage: FeatureUsage, environment: string): { yes: number; no: number } | undefined {
  const buckets = usage.lastHourUsage.filter((u) => u.environment === environment);
  if (buckets.length === 0) return undefined;
  return buckets.reduce((sum, u) => ({ yes: sum.yes + u.yes, no: sum.no + u.no }), { yes: 0, no: 0 });
}

/** Metrics percentage: yes divided by the total. */
export function yesPercent({ yes, no }: { yes: number; no: number }): number {
  const total = yes + no;
  return total === 0 ? 0 : Math.round((yes / total) * 100);
}
