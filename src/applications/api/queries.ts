/** Applications (SDKs that registered): the reads. The writes, online only: one use-<verb>-application.ts each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { ApplicationDetailSchema, ApplicationSchema } from '../../../contract/metrics';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

type WireApplication = Static<typeof ApplicationSchema>;
type WireDetail = Static<typeof ApplicationDetailSchema>;

/** An application of the list: a real Unleash 4 may leave out any field but the name. */
export type Application = Received<WireApplication, 'appName'>;

/** A toggle the application used in the last hour, or `notFound` (unknown or archived). */
export type SeenToggle = Received<Extract<WireDetail['seenToggles'][number], { project: string }>, 'name'> & {
  notFound?: true;
};
/** A strategy the application implements, or `notFound` when the server has no such definition. */
export type ImplementedStrategy = { name: string; description?: string | null; notFound?: true };
export type Instance = Received<WireDetail['instances'][number], 'instanceId'>;

/** One application with its instances, strategies and seen toggles. */
export type ApplicationDetail = Received<
  Omit<WireDetail, 'strategies' | 'instances' | 'seenToggles'>,
  'appName' | 'description' | 'url' | 'color' | 'icon'
> & { strategies: ImplementedStrategy[]; instances: Instance[]; seenToggles: SeenToggle[] };

export const applicationKeys = {
  all: ['applications'] as const,
  list: ['applications', 'list'] as const,
  one: (appName: string) => ['applications', 'one', appName] as const,
};

/** The API path of one application. */
export const applicationPath = (appName: string) => `api/admin/metrics/applications/${encodeURIComponent(appName)}`;

/**
 * Data kept from an earlier visit (the persisted query cache restored at start) is read again once shown, however
 * recent it is: it may predate a change made just before the reload. Data of this visit follows `staleTime`.
 */
const refetchKeptOnMount = (query: { state: { dataUpdatedAt: number } }) =>
  query.state.dataUpdatedAt < performance.timeOrigin ? ('always' as const) : true;

/** GET api/admin/metrics/applications. Kept in the persisted query cache, so the list shows at once offline. */
export const applicationsQuery = queryOptions({
  queryKey: applicationKeys.list,
  queryFn: async () =>
    (await api.get<{ applications?: Application[] }>('api/admin/metrics/applications')).applications ?? [],
  staleTime: 10_000,
  refetchOnMount: refetchKeptOnMount,
});

/** GET api/admin/metrics/applications/{appName}; a 404 is the page's own message, not a toast. */
export const applicationQuery = (appName: string) =>
  queryOptions({
    queryKey: applicationKeys.one(appName),
    queryFn: async (): Promise<ApplicationDetail> => {
      const body = await api.get<Partial<ApplicationDetail> & { appName: string }>(applicationPath(appName));
      return {
        ...body,
        description: body.description ?? null,
        url: body.url ?? null,
        color: body.color ?? null,
        icon: body.icon ?? null,
        strategies: body.strategies ?? [],
        instances: body.instances ?? [],
        seenToggles: body.seenToggles ?? [],
      };
    },
    staleTime: 10_000,
    refetchOnMount: refetchKeptOnMount,
    meta: { inlineErrors: true },
  });

export function useApplications() {
  return useQuery(applicationsQuery);
}

export function useApplication(appName: string) {
  return useQuery(applicationQuery(appName));
}
