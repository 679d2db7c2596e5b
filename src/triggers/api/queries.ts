/** A toggle's triggers: the read, which follows the live stream; the writes (online only): use-<verb>-trigger.ts. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Trigger, TriggerList } from '../../../contract/triggers';
import { useOfflineEngine } from '../../offline/context';
import { api } from '../../shared/api/client';

export type { Trigger };

/** Where one toggle's triggers are (the project of the path must be the toggle's). */
export interface TriggersOf {
  project: string;
  feature: string;
}

export const triggerKeys = {
  all: ['triggers'] as const,
  of: ({ project, feature }: TriggersOf) => ['triggers', project, feature] as const,
};

/** The API path of a toggle's triggers, or of one of them. */
export const triggersPath = ({ project, feature }: TriggersOf, id?: number) =>
  `api/admin/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(feature)}/triggers` +
  (id === undefined ? '' : `/${id}`);

export const triggersQuery = (of: TriggersOf) =>
  queryOptions({
    queryKey: triggerKeys.of(of),
    queryFn: async () => (await api.get<TriggerList>(triggersPath(of))).triggers,
  });

/**
 * The toggle's triggers, read again when the live stream tells of a change of the toggle (a trigger's call is one,
 * even when it left the toggle as it was) or reopens (changes may have been missed).
 */
export function useTriggers(of: TriggersOf) {
  const { live } = useOfflineEngine();
  const queryClient = useQueryClient();
  const { project, feature } = of;
  useEffect(
    () =>
      live.subscribe((event) => {
        const named = event.type === 'changes' ? event.changes.features : undefined;
        if (named === undefined || named.includes(feature)) {
          void queryClient.invalidateQueries({ queryKey: triggerKeys.of({ project, feature }) });
        }
      }),
    [live, queryClient, project, feature],
  );
  return useQuery(triggersQuery(of));
}
