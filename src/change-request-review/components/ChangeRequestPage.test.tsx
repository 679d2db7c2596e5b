import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../../../contract/change-requests';
import type { PermissionEntry } from '../../../contract/permissions';
import { changeRequestKeys } from '../../change-requests/api/queries';
import { featureKeys } from '../../feature-toggles/api/queries';
import type { OfflineEngine } from '../../offline/engine';
import { databaseName } from '../../offline/db-name';
import { basePath } from '../../shared/api/base-path';
import { formatDateTime } from '../../shared/locale/format-date';
import { sampleFeature } from '../../feature-toggles/components/view/test-support';
import { keptClient, offlineInEachTest, renderRoute } from '../../test-support';

const ADMIN: PermissionEntry[] = [{ permission: 'ADMIN', project: null }];
const AT = '2026-01-01T00:00:00.000Z';

/** Request #4 by user 7: turn checkout off in development, remove its rollout, add a default strategy. */
const request = (changes: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 4,
  project: 'default',
  environment: 'development',
  state: 'In review',
  createdBy: { id: 7, username: 'erin' },
  createdAt: AT,
  scheduledAt: null,
  minApprovals: 2,
  approvals: [{ createdBy: { id: 8, username: 'anna' }, createdAt: AT }],
  changes: [
    { id: 1, feature: 'checkout', action: 'updateEnabled', payload: { enabled: false }, version: 3, createdAt: AT },
    { id: 2, feature: 'checkout', action: 'deleteStrategy', payload: { id: 's1' }, version: 3, createdAt: AT },
    { id: 3, feature: 'checkout', action: 'addStrategy', payload: { name: 'default' }, version: 3, createdAt: AT },
  ],
  comments: [{ id: 1, text: 'Needed for the launch', createdBy: 'erin', createdAt: AT }],
  conflict: null,
  version: 3,
  scheduleFailure: null,
  revertAt: null,
  revert: null,
  revertedAt: null,
  ...changes,
});

/** The request page for the signed-in user 1 (keptClient's), the request and its toggle read already. */
function open(shown: ChangeRequest, permissions = ADMIN) {
  const client = keptClient(permissions);
  client.setQueryData(changeRequestKeys.one('default', 4), shown);
  client.setQueryData(featureKeys.project('default', 'checkout'), sampleFeature());
  return renderRoute('/projects/default/change-requests/4', client);
}

// The first render loads the lazy route modules: seconds on a busy machine.
const heading = () => screen.findByRole('heading', { name: 'Change request #4' }, { timeout: 45_000 });

describe('the change request page', () => {
  it('shows each change beside the toggle as it is now', { timeout: 90_000 }, async () => {
    open(request());
    await heading();
    expect(screen.getByText('1 of 2 approvals: anna (1 more needed)')).toBeInTheDocument();
    const [flip, removal, addition] = within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(flip).toHaveTextContent('Turn checkout offNowOnAfter this changeOff');
    expect(removal).toHaveTextContent(/^Remove a strategy of checkoutNowGradual rollout.*After this changeRemoved$/);
    expect(addition).toHaveTextContent(/^Add a Standard strategy to checkoutNowNot thereAfter this changeStandard/);
    expect(screen.getByText('Needed for the launch')).toBeInTheDocument();
  });

  it('offers an approver Approve first, and the author none of the review moves', { timeout: 90_000 }, async () => {
    open(request());
    await heading();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.slice(buttons.indexOf('Approve'), buttons.indexOf('Approve') + 3)).toEqual([
      'Approve',
      'Reject',
      'Cancel request',
    ]);
  });

  it(
    'shows the conflict that applying found, with both versions, as the refresh notice does',
    {
      timeout: 90_000,
    },
    async () => {
      open(request({ state: 'Approved', conflict: { feature: 'checkout', version: 3, currentVersion: 5 } }));
      await heading();
      const notice = screen.getByRole('alert');
      expect(notice).toHaveTextContent('The configuration was changed elsewhere.');
      expect(notice).toHaveTextContent('the change was made against version 3, the toggle is now at version 5');
      expect(within(notice).getByRole('button', { name: 'Refresh configuration' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Apply changes' })).toBeInTheDocument();
    },
  );
});

describe('the schedule of a change request', () => {
  it('shows when a scheduled request applies, its window, and what turns back then', { timeout: 90_000 }, async () => {
    const scheduledAt = '2030-05-01T02:00:00.000Z';
    const revertAt = '2030-05-01T04:00:00.000Z';
    const revert = [{ feature: 'checkout', action: 'updateEnabled', payload: { enabled: true }, version: 4 }];
    open(request({ state: 'Scheduled', scheduledAt, revertAt, revert }));
    await heading();
    expect(screen.getByText(`Applies at ${formatDateTime(scheduledAt, navigator.language)}`)).toBeInTheDocument();
    expect(screen.getByText(`Turns back at ${formatDateTime(revertAt, navigator.language)}`)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: "At the window's end" })).getByRole('listitem')).toHaveTextContent(
      'Turn checkout on',
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    // The server applies a scheduled request now too, keeping its window.
    expect(buttons).toEqual(expect.arrayContaining(['Apply changes', 'Schedule', 'Cancel request']));
  });

  it('says when the window turned back, and why a schedule failed', { timeout: 90_000 }, async () => {
    const failure = { at: AT, reason: 'checkout was changed elsewhere' };
    open(request({ state: 'Approved', scheduleFailure: failure, revertedAt: '2026-01-02T00:00:00.000Z' }));
    await heading();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `The schedule failed${formatDateTime(AT, navigator.language)}: checkout was changed elsewhere`,
    );
    expect(
      screen.getByText(`Turned back at ${formatDateTime('2026-01-02T00:00:00.000Z', navigator.language)}`),
    ).toBeVisible();
  });

  it('asks for a time in the future, and a window that ends after it starts', { timeout: 90_000 }, async () => {
    open(request({ state: 'Approved' }));
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule change request #4' });
    const date = within(dialog).getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose a time in the future.')).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, '2099-01-01');
    const until = within(dialog).getByLabelText(/^Turn back at/);
    await userEvent.type(until, '23:30');
    expect(dialog).toHaveTextContent(/The changes are turned back .*2099/);
    expect(within(dialog).queryByText('Choose a time in the future.')).toBeNull();
  });
});

describe('the change request page offline', () => {
  offlineInEachTest();
  // The queued approval is this test's: its engine closes and the console's database goes with it.
  let engine: OfflineEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    await Dexie.delete(databaseName(basePath));
  });

  it(
    'queues an approval with the request as read, and says it waits; the other steps wait for the server',
    {
      timeout: 90_000,
    },
    async () => {
      const { offline } = open(request());
      engine = offline;
      await heading();
      expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText(/Your approval waits to be sent/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(offline.pending.get()).toMatchObject([
        {
          project: 'default',
          feature: 'change request #4',
          change: { kind: 'change-request-approval', id: 4 },
          snapshot: { state: 'In review', approvals: [8], changes: [1, 2, 3] },
          state: 'waiting',
        },
      ]);
    },
  );
});
