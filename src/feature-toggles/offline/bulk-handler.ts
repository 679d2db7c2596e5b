import type { ChangeHandler } from '../../offline/registry';
import { bulkRequest, describeBulk, notDoneBulk, successBulk, toggleChangeOf, type BulkChange } from './bulk';
import type { ToggleMirror } from './mirror';
import { applyChange, withVersion } from './toggle-state';

/** How bulk changes go through the offline queue: their toggles' versions from the mirror, one call each. */
export function bulkChanges({ serverStateOf, confirmState, syncAll }: ToggleMirror): ChangeHandler<BulkChange> {
  /**
   * Each toggle's version on the server as the mirror holds it: the version its earlier queued changes were made
   * against too (each one sent moves it on, see the outbox's confirmSent).
   */
  const versionsOf = (change: BulkChange) =>
    Object.fromEntries(change.features.map((name) => [name, serverStateOf(name)?.toggle.version]));
  return {
    kinds: ['toggles-bulk'],
    describe: ({ change }) => describeBulk(change),
    notDone: ({ change }) => notDoneBulk(change),
    successMessage: ({ change }) => successBulk(change),
    base: ({ project, change }) =>
      Promise.resolve({ project: project!, version: undefined, snapshot: null, versions: versionsOf(change) }),
    rebase: ({ project, change }) =>
      Promise.resolve({ project, version: undefined, snapshot: null, versions: versionsOf(change) }),
    request: bulkRequest,
    // The server checks the versions the body carries (a 412 holds the change), so nothing is compared here.
    unchangedOnServer: () => Promise.resolve(true),
    confirmed: ({ change, baseVersions }) => {
      const applied = toggleChangeOf(change);
      for (const name of change.features) {
        const known = serverStateOf(name);
        const before = baseVersions?.[name];
        if (!known || !applied || before === undefined) continue;
        confirmState(name, withVersion(applyChange(known, applied), before + 1));
      }
    },
    // The toggles changed since the mirror's last sync are read again, in one sync (no call per toggle).
    reload: () => syncAll(),
    createdId: () => undefined,
    without: (change) => change,
    settles: [['features'], ['events'], ['archive'], ['project']],
  };
}
