import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** A deep-diff entry as a real Unleash 4.2 reports it (when an event carries no preData). */
export interface DeepDiff {
  kind: 'N' | 'D' | 'E' | 'A';
  path?: (string | number)[];
  lhs?: unknown;
  rhs?: unknown;
  index?: number;
  item?: DeepDiff;
}

export interface AuditEvent {
  id: number;
  type: string;
  createdAt: string;
  createdBy: string;
  project?: string | null;
  featureName?: string | null;
  data?: unknown;
  preData?: unknown;
  diffs?: DeepDiff[] | null;
}

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
