import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** Query keys: ['events', ''] for all events, ['events', name] for one toggle's. */
export const eventsQuery = (toggleName?: string) =>
  queryOptions({
    queryKey: ['events', toggleName ?? ''] as const,
    queryFn: async () =>
      toggleName
        ? (
            await api.get<{ toggleName: string; events: AuditEvent[] }>(
              `api/admin/events/${encodeURIComponent(toggleName)}`,
            )
          ).events
        : (await api.get<{ events: AuditEvent[] }>('api/admin/events')).events,
  });

export function useEvents(toggleName?: string, enabled = true) {
  return useQuery({ ...eventsQuery(toggleName), enabled });
}
