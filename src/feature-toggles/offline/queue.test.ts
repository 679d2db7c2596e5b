import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectivity } from '../../shared/api/connectivity';
import type { ProjectFeature } from '../types';
import type { SwitchyardDb } from '../../offline/db';
import type { OfflineEngine } from '../../offline/engine';
import type { Outbox } from '../../offline/outbox';
import { toggleKeys, type ToggleMirror } from './mirror';
import { closePages, openPage, type Page } from './test-support';

const feature = (name: string, version = 1): ProjectFeature => ({
  name,
  project: 'web',
  version,
  stale: false,
  variants: [],
  environments: [
    {
      name: 'default',
      type: 'production',
      enabled: true,
      strategies: [{ id: 's1', name: 'default', parameters: {}, constraints: [] }],
    },
    { name: 'production', type: 'production', enabled: false, strategies: [] },
  ],
});

let page: Page;
let offline: OfflineEngine;
let toggles: ToggleMirror;
let db: SwitchyardDb;
let outbox: Outbox;
let client: QueryClient;

beforeEach(async () => {
  // These tests take the changes off the outbox themselves: the page's replay sends nothing.
  connectivity.lost();
  page = openPage();
  ({ offline, toggles, queryClient: client } = page);
  ({ db, outbox } = await offline.openStorage());
  toggles.receiveProjectFeature(feature('a', 7));
  toggles.receiveProjectFeature(feature('b', 2));
});

afterEach(() => closePages(page));

const env = (on: boolean, environment = 'production') => ({ kind: 'environment' as const, environment, enabled: on });

describe('queueing a change', () => {
  it('stores it with a new idempotency key, the version it was made against and the part it changes', async () => {
    const first = await outbox.add('a', env(true));
    const second = await outbox.add('a', env(false));
    expect(first).toMatchObject({ project: 'web', feature: 'a', baseVersion: 7, snapshot: false, state: 'waiting' });
    // The second was made on what the screen showed: the first applied.
    expect(second).toMatchObject({ baseVersion: 7, snapshot: true });
    expect(first.key).not.toBe(second.key);
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual([first.key, second.key]);
  });

  it('shows it at once in the query cache, and keeps showing it over a newer answer from the server', async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), toggles.projectFeatureOf('web', 'a'));
    await outbox.add('a', env(true));
    const shown = () => client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled;
    expect(shown()).toBe(true);
    // A refetch brings the server's state: the pending change stays applied on top.
    expect(toggles.receiveProjectFeature(feature('a', 8)).environments[1].enabled).toBe(true);
  });

  it('survives a reload: a new page reads it from IndexedDB', async () => {
    await outbox.add('b', { kind: 'stale', stale: true });
    await offline.close();
    const reloaded = openPage({ base: page.base });
    await reloaded.offline.openStorage();
    expect(reloaded.offline.pending.get().map((e) => [e.feature, e.change.kind, e.state])).toEqual([
      ['b', 'stale', 'waiting'],
    ]);
    await closePages(reloaded);
  });
});

describe('the replay order', () => {
  it('sends the changes of one toggle strictly in order; a held change keeps the later ones back', async () => {
    const a1 = await outbox.add('a', env(true));
    const b1 = await outbox.add('b', env(true));
    await outbox.add('a', env(false));
    const next = await outbox.takeNext();
    expect(next?.key).toBe(a1.key);
    expect(offline.pending.get()[0].state).toBe('sending');
    await outbox.hold(next!);
    // 'a' is held: its second change waits; 'b' goes.
    const b = await outbox.takeNext();
    expect(b?.key).toBe(b1.key);
    await outbox.confirmSent(b!, { data: undefined, etag: '"3"' });
    expect(await outbox.takeNext()).toBeUndefined();
  });

  it('takes a change left "sending" by a closed tab again', async () => {
    const a1 = await outbox.add('a', env(true));
    await db.outbox.update(a1.seq!, { state: 'sending' });
    expect((await outbox.takeNext())?.key).toBe(a1.key);
  });
});

describe('after the server accepted a change', () => {
  it("the answer's ETag becomes the version of the toggle's next changes made on the same version", async () => {
    const first = await outbox.add('a', env(true));
    await outbox.add('a', { kind: 'stale', stale: true });
    await outbox.confirmSent((await outbox.takeNext())!, { data: undefined, etag: '"8"' });
    const [rest] = await db.outbox.toArray();
    expect(rest).toMatchObject({ change: { kind: 'stale' }, baseVersion: 8 });
    expect(rest.key).not.toBe(first.key);
    // The mirror holds the change as the server's state, at the new version.
    expect(toggles.projectFeatureOf('web', 'a')).toMatchObject({ version: 8, stale: true });
    expect(toggles.projectFeatureOf('web', 'a')?.environments[1].enabled).toBe(true);
  });

  it("a strategy's temporary id becomes the server's id in the toggle's later changes", async () => {
    const strategy = { id: 'tmp-x', name: 'userWithId', parameters: { userIds: 'ann' }, constraints: [] };
    await outbox.add('a', { kind: 'strategy-add', environment: 'default', strategy });
    await outbox.add('a', {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { ...strategy, parameters: { userIds: 'bob' } },
    });
    await outbox.add('a', { kind: 'strategy-order', environment: 'default', ids: ['tmp-x', 's1'] });
    await outbox.confirmSent((await outbox.takeNext())!, { data: { ...strategy, id: 'srv-9' }, etag: '"8"' });
    const rest = (await db.outbox.toArray()).map((e) => e.change);
    expect(rest).toEqual([
      {
        kind: 'strategy-update',
        environment: 'default',
        strategy: { ...strategy, id: 'srv-9', parameters: { userIds: 'bob' } },
      },
      { kind: 'strategy-order', environment: 'default', ids: ['srv-9', 's1'] },
    ]);
    expect(toggles.projectFeatureOf('web', 'a')?.environments[0].strategies.map((s) => s.id)).toEqual(['srv-9', 's1']);
    // An edit made later with the temporary id (a screen that still holds it) is sent with the server's.
    const late = await outbox.add('a', { kind: 'strategy-remove', environment: 'default', strategyId: 'tmp-x' });
    expect(late.change).toEqual({ kind: 'strategy-remove', environment: 'default', strategyId: 'srv-9' });
  });
});

describe('cancelling', () => {
  it('removes a waiting change and undoes its optimistic effect', async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), toggles.projectFeatureOf('web', 'a'));
    const change = await outbox.add('a', env(true));
    expect(await outbox.cancel(change.seq!)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled).toBe(false);
  });

  it('is refused while the change is being sent', async () => {
    const change = await outbox.add('a', env(true));
    await outbox.takeNext();
    expect(await outbox.cancel(change.seq!)).toBe(false);
    expect(await db.outbox.count()).toBe(1);
  });

  it("a strategy's add takes the queued edits of that strategy with it", async () => {
    const strategy = { id: 'tmp-y', name: 'default', parameters: {}, constraints: [] };
    const add = await outbox.add('a', { kind: 'strategy-add', environment: 'default', strategy });
    await outbox.add('a', {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { ...strategy, parameters: { a: '1' } },
    });
    await outbox.add('a', { kind: 'strategy-order', environment: 'default', ids: ['tmp-y', 's1'] });
    await outbox.cancel(add.seq!);
    expect((await db.outbox.toArray()).map((e) => e.change)).toEqual([
      { kind: 'strategy-order', environment: 'default', ids: ['s1'] },
    ]);
  });
});

describe('a held change applied again', () => {
  it('is rebased on the version the mirror now holds, with a new idempotency key', async () => {
    const change = await outbox.add('a', env(true));
    await outbox.hold((await outbox.takeNext())!);
    expect(offline.pending.get()[0]).toMatchObject({ state: 'conflict', notice: 'open' });
    // The refresh loaded the server's toggle: version 9, production already on.
    toggles.receiveProjectFeature({
      ...feature('a', 9),
      environments: [feature('a').environments[0], { ...feature('a').environments[1], enabled: true }],
    });
    await db.outbox.update(change.seq!, { notice: 'refreshed' });
    await outbox.read();
    await outbox.rebase(change.seq!);
    const [rebased] = await db.outbox.toArray();
    expect(rebased).toMatchObject({ state: 'waiting', baseVersion: 9, snapshot: true });
    expect(rebased.key).not.toBe(change.key);
    expect(rebased.notice).toBeUndefined();
  });
});

describe('the account a change was made under', () => {
  const ann = { id: 1, name: 'Ann' };
  const bob = { id: 2, name: 'bob@example.com' };
  const production = () => toggles.projectFeatureOf('web', 'a')?.environments[1].enabled;

  it('is recorded with the change', async () => {
    offline.signedIn.set(ann);
    const change = await outbox.add('a', env(true));
    expect(change.user).toEqual(ann);
    expect((await db.outbox.get(change.seq!))?.user).toEqual(ann);
  });

  it("only the signed-in account's changes are sent; another's hold their toggle's later changes until it signs in again", async () => {
    offline.signedIn.set(ann);
    const annA = await outbox.add('a', env(true));
    offline.signedIn.set(bob);
    const bobA = await outbox.add('a', { kind: 'stale', stale: true });
    const bobB = await outbox.add('b', env(true));
    // Ann's change to 'a' is held, and Bob's later change to 'a' waits behind it; 'b' goes.
    const next = await outbox.takeNext();
    expect(next?.key).toBe(bobB.key);
    await outbox.confirmSent(next!, { data: undefined, etag: '"3"' });
    expect(await outbox.takeNext()).toBeUndefined();
    expect(offline.pending.get().map((e) => [e.key, e.state])).toEqual([
      [annA.key, 'waiting'],
      [bobA.key, 'waiting'],
    ]);

    offline.signedIn.set(ann);
    const annNext = await outbox.takeNext();
    expect(annNext?.key).toBe(annA.key);
    await outbox.confirmSent(annNext!, { data: undefined, etag: '"8"' });
    // Bob's change is now the held one; it was made without seeing Ann's, so it keeps its version (a conflict then).
    expect(await outbox.takeNext()).toBeUndefined();
    expect(await db.outbox.get(bobA.seq!)).toMatchObject({ baseVersion: 7, state: 'waiting', user: bob });
  });

  it("another account's change is not shown as the toggle's state", async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), toggles.projectFeatureOf('web', 'a'));
    const shown = () => client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled;
    offline.signedIn.set(ann);
    await outbox.add('a', env(true));
    expect([production(), shown()]).toEqual([true, true]);
    offline.signedIn.set(bob);
    expect([production(), shown()]).toEqual([false, false]);
    // Bob's own change is made on what he sees: the server's state.
    expect(await outbox.add('a', env(false))).toMatchObject({ snapshot: false });
    offline.signedIn.set(undefined);
    expect(production()).toBe(false);
    offline.signedIn.set(ann);
    expect([production(), shown()]).toEqual([true, true]);
  });

  it("another account's change can be discarded, also one left 'sending' by a closed tab of that account", async () => {
    offline.signedIn.set(ann);
    const first = await outbox.add('a', env(true));
    const second = await outbox.add('b', env(true));
    await outbox.takeNext();
    expect(offline.pending.get()[0].state).toBe('sending');
    offline.signedIn.set(bob);
    expect(await outbox.cancel(first.seq!)).toBe(true);
    expect(await outbox.cancel(second.seq!)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    offline.signedIn.set(ann);
    expect(production()).toBe(false);
  });

  it('a change queued before changes recorded their account is kept, shown and sent as the signed-in account’s', async () => {
    // A row as the outbox stored it before: no account.
    offline.signedIn.set(ann);
    const { user, ...old } = await outbox.add('a', env(true));
    expect(user).toEqual(ann);
    await db.outbox.put(old);
    offline.signedIn.set(bob);
    await outbox.read();
    expect(offline.pending.get()).toHaveLength(1);
    expect(production()).toBe(true);
    expect((await outbox.takeNext())?.key).toBe(old.key);
  });
});
