import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOfflineEngine } from '../offline/context';
import { changeRequestKeys } from './api/queries';

/**
 * The open console's live stream tells of every change on the server (a request's step among them): the change
 * requests shown (the header's count, a list, an open request) are read again then, and when the stream reopens.
 */
export function useFollowChangeRequests() {
  const { live } = useOfflineEngine();
  const queryClient = useQueryClient();
  useEffect(
    () => live.subscribe(() => void queryClient.invalidateQueries({ queryKey: changeRequestKeys.all })),
    [live, queryClient],
  );
}
