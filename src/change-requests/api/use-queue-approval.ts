import { useMutation } from '@tanstack/react-query';
import { useOfflineEngine, usePendingChanges } from '../../offline/context';
import { approvalRecord, type Approval } from '../approval-queue';

/**
 * Approving a request while offline: the approval is queued with the request as last read (its version) and sent
 * once, when the server can be reached. `waiting`: this request's approval not sent yet.
 */
export function useQueueApproval(project: string, id: number) {
  const offline = useOfflineEngine();
  const record = approvalRecord(id);
  const waiting = usePendingChanges().find((entry) => entry.feature === record && entry.project === project);
  const queue = useMutation({
    mutationFn: () => offline.queueChange<Approval>(record, { kind: 'change-request-approval', id }, project),
    // Queued whatever the connection: the queue sends it once the server can be reached.
    networkMode: 'always',
  });
  return { queue, waiting };
}
