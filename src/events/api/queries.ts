import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { DiffSchema, AuditEvent as WireEvent } from '../../../contract/events';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

type WireDiff = Static<typeof DiffSchema>;

/** A deep-diff entry (a real Unleash 4.2 reports them when an event carries no preData); an array's item is one too. */
export type DeepDiff = Omit<WireDiff, 'item'> & { item?: DeepDiff };

/** An audit event of GET api/admin/events (see Received). */
export type AuditEvent = Received<Omit<WireEvent, 'diffs'>, 'id' | 'type' | 'createdAt' | 'createdBy'> & {
  diffs?: DeepDiff[] | null;
};

/** One page of either event list; `next` is missing from a server without paging (Unleash 4: one answer). */
interface EventPage {
  events: AuditEvent[];
  next?: number | null;
}

const eventsPath = (toggleName?: string) =>
  toggleName ? `api/admin/events/${encodeURIComponent(toggleName)}` : 'api/admin/events';

/** The Log tab's list: the newest page of a toggle's events. Query keys: ['events', ''] or ['events', name]. */
export const eventsQuery = (toggleName?: string) =>
  queryOptions({
    queryKey: ['events', toggleName ?? ''] as const,
    queryFn: async () => (await api.get<EventPage>(eventsPath(toggleName))).events,
  });

export function useEvents(toggleName?: string, enabled = true) {
  return useQuery({ ...eventsQuery(toggleName), enabled });
}

/** The history's filters as the address carries them; `from` and `to` are days (YYYY-MM-DD) in local time. */
export interface EventFilters {
  type?: string;
  createdBy?: string;
  feature?: string;
  project?: string;
  from?: string;
  to?: string;
}

/** Events per page of the history: a screenful or two, so the first rows come quickly. */
export const HISTORY_PAGE_SIZE = 50;

/** The query string of one history page: the filters (days as the bounds of local days) and the cursor. */
export function eventPageParams(filters: EventFilters, before: number | undefined): URLSearchParams {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  for (const key of ['type', 'createdBy', 'feature', 'project'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.from) params.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) params.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  if (before !== undefined) params.set('before', String(before));
  return params;
}

/**
 * The history, a page at a time (newest first, the next `before` the previous page's `next`). Query keys:
 * ['events', toggle or '', 'pages', filters], under ['events'] so what invalidates the Log tab refreshes it too.
 */
export const eventPagesQuery = (toggleName: string | undefined, filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: ['events', toggleName ?? '', 'pages', filters] as const,
    queryFn: ({ pageParam }) =>
      api.get<EventPage>(`${eventsPath(toggleName)}?${eventPageParams(filters, pageParam).toString()}`),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: EventPage) => last.next ?? undefined,
  });

export function useEventPages(toggleName: string | undefined, filters: EventFilters, enabled: boolean) {
  return useInfiniteQuery({ ...eventPagesQuery(toggleName, filters), enabled });
}

/** Forgets all but the newest page of a history (its later pages are read again when scrolled to). */
export function keepNewestPage(queryClient: QueryClient, toggleName: string | undefined, filters: EventFilters) {
  queryClient.setQueryData(eventPagesQuery(toggleName, filters).queryKey, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
