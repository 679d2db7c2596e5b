import type { ChangeRequest } from '../../contract/change-requests';
import type { OfflineEngine } from '../offline/engine';
import type { ChangeHandler } from '../offline/registry';
import { changeRequestKeys, changeRequestPath } from './api/queries';

/** Approving a change request, queued: made offline, it is sent once the server can be reached. */
export interface Approval {
  kind: 'change-request-approval';
  id: number;
}

/** The record a queued approval changes, as the waiting list and the refresh notice name it. */
export const approvalRecord = (id: number) => `change request #${id}`;

/**
 * What an approval is made against, for a server whose requests carry no version (the request's version is sent as
 * If-Match otherwise): the state, who approved and which changes it holds; any of them moving meanwhile holds it.
 */
const snapshotOf = (request: ChangeRequest) => ({
  state: request.state,
  approvals: request.approvals.map((approval) => approval.createdBy.id).sort((a, b) => a - b),
  changes: request.changes.map((change) => change.id),
});

/**
 * Approvals through the offline engine's queue: the request as last read is the base (its version, sent as If-Match;
 * a 412 holds it), the approval is sent exactly once (its Idempotency-Key), and a request that changed meanwhile is
 * held and shows the refresh notice.
 */
function approvalChanges(engine: OfflineEngine): ChangeHandler<Approval> {
  const { queryClient, api } = engine;
  const read = (project: string, id: number) =>
    queryClient.fetchQuery({
      queryKey: changeRequestKeys.one(project, id),
      queryFn: () => api.get<ChangeRequest>(changeRequestPath(project, id)),
      staleTime: 0,
    });
  const baseOf = (request: ChangeRequest) => ({
    project: request.project,
    version: request.version,
    snapshot: snapshotOf(request),
  });
  return {
    kinds: ['change-request-approval'],
    describe: ({ change }) => `approve change request #${change.id}`,
    notDone: ({ change }) => `Change request #${change.id} was not approved`,
    successMessage: ({ change }) => `Change request #${change.id} approved`,
    base: async ({ project, change }) => {
      const known = queryClient.getQueryData<ChangeRequest>(changeRequestKeys.one(project!, change.id));
      return baseOf(known ?? (await read(project!, change.id)));
    },
    rebase: async ({ project, change }) => baseOf(await read(project, change.id)),
    request: ({ project, change }) => ({
      method: 'PUT',
      path: `${changeRequestPath(project, change.id)}/state`,
      body: { state: 'Approved' },
      layer: 'classic',
    }),
    unchangedOnServer: async ({ project, change, snapshot }, http) =>
      JSON.stringify(snapshotOf(await http.get<ChangeRequest>(changeRequestPath(project, change.id)))) ===
      JSON.stringify(snapshot),
    confirmed: () => undefined,
    reload: async ({ project, change }) => void (await read(project, change.id)),
    createdId: () => undefined,
    without: (change) => change,
    settles: [changeRequestKeys.all],
  };
}

/** Change requests registered with an engine (the app does, see src/app/offline.tsx). */
export function registerChangeRequests(engine: OfflineEngine) {
  engine.registerChanges(approvalChanges(engine));
}
