import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOfflineEngine } from '../offline/context';
import type { LiveEvent } from '../offline/live';
import { changeRequestKeys } from './api/queries';

/**
 * Marks the change requests read (the header's count, a list, an open request, a project's setting) stale after what
 * the live stream tells, and reads again those shown: every one when the stream (re)opened (changes may have been
 * missed) or the server does not know which projects' requests changed; else the named projects' ones and the
 * requests awaiting me (they span projects). Toggle changes leave them.
 */
export function refreshChangeRequests(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'changes') return;
  const projects = event.type === 'change-requests' ? event.changes.projects : undefined;
  if (!projects) {
    void queryClient.invalidateQueries({ queryKey: changeRequestKeys.all });
    return;
  }
  void queryClient.invalidateQueries({
    queryKey: changeRequestKeys.all,
    predicate: ({ queryKey: [, kind, project] }) =>
      kind === changeRequestKeys.awaitingMe[1] || projects.includes(project as string),
  });
}

/** Follows the open console's live stream for the change requests (see refreshChangeRequests). */
export function useFollowChangeRequests() {
  const { live } = useOfflineEngine();
  const queryClient = useQueryClient();
  useEffect(() => live.subscribe((event) => refreshChangeRequests(queryClient, event)), [live, queryClient]);
}
