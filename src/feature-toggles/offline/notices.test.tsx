import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api/client';
import { connectivity } from '../../shared/api/connectivity';
import type { ProjectFeature } from '../types';
import { renderWithMantine } from '../../test-support';
import ConflictNotice from '../../offline/ConflictNotice';
import type { OfflineEngine } from '../../offline/engine';
import type { Outbox } from '../../offline/outbox';
import { SyncStatus } from '../../offline/SyncStatus';
import { WaitingChanges } from '../../offline/WaitingChanges';
import type { ToggleMirror } from './mirror';
import { closePages, openPage, type Page } from './test-support';

const toggle = (version: number, production: boolean): ProjectFeature => ({
  name: 'my.toggle',
  project: 'web',
  version,
  environments: [
    { name: 'default', enabled: false, strategies: [] },
    { name: 'production', type: 'production', enabled: production, strategies: [{ id: 's1', name: 'default' }] },
  ],
});

/** The server's current toggle (version 5, production turned on elsewhere), for 'Refresh configuration'. */
const http = createApiClient('', async (input) => {
  const classic = String(input).startsWith('/api/admin/features/');
  return new Response(
    JSON.stringify(classic ? { name: 'my.toggle', project: 'web', enabled: false, version: 5 } : toggle(5, true)),
  );
});

let page: Page;
let offline: OfflineEngine;
let toggles: ToggleMirror;
let outbox: Outbox;

beforeEach(async () => {
  page = openPage({ api: http });
  ({ offline, toggles } = page);
  ({ outbox } = await offline.openStorage());
  toggles.receiveProjectFeature(toggle(4, false));
  connectivity.lost();
});

afterEach(() => closePages(page));

describe('the waiting count', () => {
  it('names the count, opens the list of changes, and a cancel undoes one', async () => {
    await outbox.add('my.toggle', { kind: 'environment', environment: 'production', enabled: true });
    await outbox.add('my.toggle', { kind: 'stale', stale: true });
    renderWithMantine(<WaitingChanges />, page.queryClient, page);
    await userEvent.click(screen.getByRole('button', { name: '2 changes waiting' }));
    const list = await screen.findByRole('list', { name: 'Changes waiting to sync' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/"my.toggle"/).textContent)).toEqual([
      'Turn on "my.toggle" in production',
      'Mark "my.toggle" as stale',
    ]);
    expect(within(items[0]).getByText(/^Made .* ago$/)).toBeInTheDocument();
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: '1 change waiting' })).toBeInTheDocument();
    expect(toggles.projectFeatureOf('web', 'my.toggle')?.environments[1].enabled).toBe(false);
  });

  it('is not shown when nothing waits', () => {
    renderWithMantine(<WaitingChanges />, page.queryClient, page);
    expect(screen.queryByRole('button', { name: /waiting/ })).toBeNull();
  });
});

describe('a change the server refused', () => {
  async function refused() {
    await outbox.add('my.toggle', { kind: 'environment', environment: 'production', enabled: false });
    await outbox.add('my.toggle', { kind: 'stale', stale: true });
    await outbox.fail((await outbox.takeNext())!, { status: 403, message: 'This operation is forbidden' });
    renderWithMantine(<WaitingChanges />, page.queryClient, page);
    await userEvent.click(screen.getByRole('button', { name: '2 changes waiting, 1 failed' }));
    expect(await screen.findByRole('dialog', { name: '2 changes waiting, 1 failed' })).toHaveTextContent(
      'A failed change is kept until you retry or dismiss it.',
    );
    return within(await screen.findByRole('list', { name: 'Changes waiting to sync' })).getAllByRole('listitem');
  }

  it('is listed as failed with its message naming the toggle and environment until dismissed', async () => {
    const [failed, behind] = await refused();
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('my.toggle in production was not turned off: This operation is forbidden');
    expect(behind).toHaveTextContent('Waits behind an earlier change to "my.toggle" that failed');
    await userEvent.click(within(failed).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('button', { name: '1 change waiting' })).toBeInTheDocument();
    expect(offline.pending.get().map((e) => e.change.kind)).toEqual(['stale']);
  });

  it('Retry sends it again with a new idempotency key (the server kept its refusal under the old one)', async () => {
    const [failed] = await refused();
    const before = offline.pending.get()[0].key;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(offline.pending.get()[0].state).toBe('waiting'));
    expect(offline.pending.get()[0].key).not.toBe(before);
    expect(offline.pending.get()[0].error).toBeUndefined();
    expect(screen.queryByText(/was not turned off/)).toBeNull();
  });
});

describe("another account's changes", () => {
  it('are counted and listed as held with a Discard, and the signed-in account’s later change waits behind them', async () => {
    offline.signedIn.set({ id: 1, name: 'Ann' });
    await outbox.add('my.toggle', { kind: 'environment', environment: 'production', enabled: true });
    offline.signedIn.set({ id: 2, name: 'Bob' });
    await outbox.add('my.toggle', { kind: 'stale', stale: true });
    renderWithMantine(<WaitingChanges />, page.queryClient, page);
    await userEvent.click(screen.getByRole('button', { name: '2 changes waiting' }));
    const [held, behind] = within(await screen.findByRole('list', { name: 'Changes waiting to sync' })).getAllByRole(
      'listitem',
    );
    expect(held).toHaveTextContent('Turn on "my.toggle" in production');
    expect(held).toHaveTextContent('Held');
    expect(held).toHaveTextContent('Made while signed in as Ann: it is sent when that account signs in again.');
    expect(within(held).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(behind).toHaveTextContent('Waits behind a change to "my.toggle" made while signed in as Ann.');
    expect(within(behind).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await userEvent.click(within(held).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: '1 change waiting' })).toBeInTheDocument();
    expect(offline.pending.get().map((e) => e.user?.name)).toEqual(['Bob']);
    expect(screen.queryByText(/Waits behind/)).toBeNull();
    offline.signedIn.set({ id: 1, name: 'Ann' });
    expect(toggles.projectFeatureOf('web', 'my.toggle')?.environments[1].enabled).toBe(false);
  });

  it('held in conflict, does not open the refresh notice for the signed-in account', async () => {
    offline.signedIn.set({ id: 1, name: 'Ann' });
    await outbox.add('my.toggle', { kind: 'environment', environment: 'production', enabled: true });
    await outbox.hold((await outbox.takeNext())!);
    offline.signedIn.set({ id: 2, name: 'Bob' });
    renderWithMantine(<ConflictNotice />, page.queryClient, page);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the refresh notice of a held change', () => {
  async function conflict() {
    await outbox.add('my.toggle', { kind: 'environment', environment: 'production', enabled: true });
    await outbox.hold((await outbox.takeNext())!);
    renderWithMantine(<ConflictNotice />, page.queryClient, page);
  }

  it('shows the change in words; Disregard leaves it held in the list', async () => {
    await conflict();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('The configuration was changed elsewhere.');
    expect(notice).toHaveTextContent('Turn on "my.toggle" in production');
    await userEvent.click(within(notice).getByRole('button', { name: 'Disregard' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(offline.pending.get()[0]).toMatchObject({ state: 'conflict', notice: 'disregarded' });
  });

  it('Refresh configuration loads the server’s toggle, then offers to apply the change again or discard it', async () => {
    await conflict();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh configuration' }));
    expect(await screen.findByRole('button', { name: 'Apply again' })).toBeInTheDocument();
    expect(toggles.projectFeatureOf('web', 'my.toggle')).toMatchObject({ version: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(offline.pending.get()).toEqual([]));
  });
});

describe('the sync status', () => {
  it('says offline and when it last synced', async () => {
    renderWithMantine(<SyncStatus />, page.queryClient, page);
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    expect(await screen.findByText(/synced less than a minute ago/)).toBeInTheDocument();
  });

  it('gives the exact time of the last sync in its title once pointed at', async () => {
    offline.mirror.markSynced(Date.UTC(2099, 10, 22, 9, 30, 15));
    renderWithMantine(<SyncStatus />, page.queryClient, page);
    const status = screen.getByTitle('Synced');
    await userEvent.hover(status);
    expect(status.title).toMatch(/^Synced \d{2}\/\d{2}\/2099, \d{2}:30:15/);
  });
});
