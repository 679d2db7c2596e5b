import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectFeature } from '../types';
import type { SwitchyardDb } from '../../offline/db';
import { openToggleDb } from './test-support';
import { attachMirror, clearMirror } from '../../offline/mirror';
import { projectFeatureOf, receiveProjectFeature, toggleKeys } from './mirror';
import { attachOutbox, cancel, confirmSent, enqueue, hold, rebase, takeNext } from '../../offline/outbox';
import { pending, signedIn } from '../../offline/pending';

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

let db: SwitchyardDb;
let client: QueryClient;
let name: string;

beforeEach(async () => {
  name = `outbox-${Math.random()}`;
  db = openToggleDb(name);
  client = new QueryClient();
  await attachOutbox(db);
  await attachMirror(db, client);
  receiveProjectFeature(feature('a', 7));
  receiveProjectFeature(feature('b', 2));
});

afterEach(async () => {
  signedIn.set(undefined);
  await clearMirror();
  db.close();
  await db.delete();
});

const env = (on: boolean, environment = 'production') => ({ kind: 'environment' as const, environment, enabled: on });

describe('queueing a change', () => {
  it('stores it with a new idempotency key, the version it was made against and the part it changes', async () => {
    const first = await enqueue('a', env(true));
    const second = await enqueue('a', env(false));
    expect(first).toMatchObject({ project: 'web', feature: 'a', baseVersion: 7, snapshot: false, state: 'waiting' });
    // The second was made on what the screen showed: the first applied.
    expect(second).toMatchObject({ baseVersion: 7, snapshot: true });
    expect(first.key).not.toBe(second.key);
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual([first.key, second.key]);
  });

  it('shows it at once in the query cache, and keeps showing it over a newer answer from the server', async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), projectFeatureOf('web', 'a'));
    await enqueue('a', env(true));
    const shown = () => client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled;
    expect(shown()).toBe(true);
    // A refetch brings the server's state: the pending change stays applied on top.
    expect(receiveProjectFeature(feature('a', 8)).environments[1].enabled).toBe(true);
  });

  it('survives a reload: a new page reads it from IndexedDB', async () => {
    await enqueue('b', { kind: 'stale', stale: true });
    vi.resetModules();
    const reloaded = await import('../../offline/outbox');
    const reloadedPending = await import('../../offline/pending');
    await reloaded.attachOutbox(openToggleDb(name));
    expect(reloadedPending.pending.get().map((e) => [e.feature, e.change.kind, e.state])).toEqual([
      ['b', 'stale', 'waiting'],
    ]);
  });
});

describe('the replay order', () => {
  it('sends the changes of one toggle strictly in order; a held change keeps the later ones back', async () => {
    const a1 = await enqueue('a', env(true));
    const b1 = await enqueue('b', env(true));
    await enqueue('a', env(false));
    const next = await takeNext();
    expect(next?.key).toBe(a1.key);
    expect(pending.get()[0].state).toBe('sending');
    await hold(next!);
    // 'a' is held: its second change waits; 'b' goes.
    const b = await takeNext();
    expect(b?.key).toBe(b1.key);
    await confirmSent(b!, { data: undefined, etag: '"3"' });
    expect(await takeNext()).toBeUndefined();
  });

  it('takes a change left "sending" by a closed tab again', async () => {
    const a1 = await enqueue('a', env(true));
    await db.outbox.update(a1.seq!, { state: 'sending' });
    expect((await takeNext())?.key).toBe(a1.key);
  });
});

describe('after the server accepted a change', () => {
  it("the answer's ETag becomes the version of the toggle's next changes made on the same version", async () => {
    const first = await enqueue('a', env(true));
    await enqueue('a', { kind: 'stale', stale: true });
    await confirmSent((await takeNext())!, { data: undefined, etag: '"8"' });
    const [rest] = await db.outbox.toArray();
    expect(rest).toMatchObject({ change: { kind: 'stale' }, baseVersion: 8 });
    expect(rest.key).not.toBe(first.key);
    // The mirror holds the change as the server's state, at the new version.
    expect(projectFeatureOf('web', 'a')).toMatchObject({ version: 8, stale: true });
    expect(projectFeatureOf('web', 'a')?.environments[1].enabled).toBe(true);
  });

  it("a strategy's temporary id becomes the server's id in the toggle's later changes", async () => {
    const strategy = { id: 'tmp-x', name: 'userWithId', parameters: { userIds: 'ann' }, constraints: [] };
    await enqueue('a', { kind: 'strategy-add', environment: 'default', strategy });
    await enqueue('a', {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { ...strategy, parameters: { userIds: 'bob' } },
    });
    await enqueue('a', { kind: 'strategy-order', environment: 'default', ids: ['tmp-x', 's1'] });
    await confirmSent((await takeNext())!, { data: { ...strategy, id: 'srv-9' }, etag: '"8"' });
    const rest = (await db.outbox.toArray()).map((e) => e.change);
    expect(rest).toEqual([
      {
        kind: 'strategy-update',
        environment: 'default',
        strategy: { ...strategy, id: 'srv-9', parameters: { userIds: 'bob' } },
      },
      { kind: 'strategy-order', environment: 'default', ids: ['srv-9', 's1'] },
    ]);
    expect(projectFeatureOf('web', 'a')?.environments[0].strategies.map((s) => s.id)).toEqual(['srv-9', 's1']);
    // An edit made later with the temporary id (a screen that still holds it) is sent with the server's.
    const late = await enqueue('a', { kind: 'strategy-remove', environment: 'default', strategyId: 'tmp-x' });
    expect(late.change).toEqual({ kind: 'strategy-remove', environment: 'default', strategyId: 'srv-9' });
  });
});

describe('cancelling', () => {
  it('removes a waiting change and undoes its optimistic effect', async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), projectFeatureOf('web', 'a'));
    const change = await enqueue('a', env(true));
    expect(await cancel(change.seq!)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled).toBe(false);
  });

  it('is refused while the change is being sent', async () => {
    const change = await enqueue('a', env(true));
    await takeNext();
    expect(await cancel(change.seq!)).toBe(false);
    expect(await db.outbox.count()).toBe(1);
  });

  it("a strategy's add takes the queued edits of that strategy with it", async () => {
    const strategy = { id: 'tmp-y', name: 'default', parameters: {}, constraints: [] };
    const add = await enqueue('a', { kind: 'strategy-add', environment: 'default', strategy });
    await enqueue('a', {
      kind: 'strategy-update',
      environment: 'default',
      strategy: { ...strategy, parameters: { a: '1' } },
    });
    await enqueue('a', { kind: 'strategy-order', environment: 'default', ids: ['tmp-y', 's1'] });
    await cancel(add.seq!);
    expect((await db.outbox.toArray()).map((e) => e.change)).toEqual([
      { kind: 'strategy-order', environment: 'default', ids: ['s1'] },
    ]);
  });
});

describe('a held change applied again', () => {
  it('is rebased on the version the mirror now holds, with a new idempotency key', async () => {
    const change = await enqueue('a', env(true));
    await hold((await takeNext())!);
    expect(pending.get()[0]).toMatchObject({ state: 'conflict', notice: 'open' });
    // The refresh loaded the server's toggle: version 9, production already on.
    receiveProjectFeature({
      ...feature('a', 9),
      environments: [feature('a').environments[0], { ...feature('a').environments[1], enabled: true }],
    });
    await db.outbox.update(change.seq!, { notice: 'refreshed' });
    await attachOutbox(db);
    await rebase(change.seq!);
    const [rebased] = await db.outbox.toArray();
    expect(rebased).toMatchObject({ state: 'waiting', baseVersion: 9, snapshot: true });
    expect(rebased.key).not.toBe(change.key);
    expect(rebased.notice).toBeUndefined();
  });
});

describe('the account a change was made under', () => {
  const ann = { id: 1, name: 'Ann' };
  const bob = { id: 2, name: 'bob@example.com' };
  const production = () => projectFeatureOf('web', 'a')?.environments[1].enabled;

  it('is recorded with the change', async () => {
    signedIn.set(ann);
    const change = await enqueue('a', env(true));
    expect(change.user).toEqual(ann);
    expect((await db.outbox.get(change.seq!))?.user).toEqual(ann);
  });

  it("only the signed-in account's changes are sent; another's hold their toggle's later changes until it signs in again", async () => {
    signedIn.set(ann);
    const annA = await enqueue('a', env(true));
    signedIn.set(bob);
    const bobA = await enqueue('a', { kind: 'stale', stale: true });
    const bobB = await enqueue('b', env(true));
    // Ann's change to 'a' is held, and Bob's later change to 'a' waits behind it; 'b' goes.
    const next = await takeNext();
    expect(next?.key).toBe(bobB.key);
    await confirmSent(next!, { data: undefined, etag: '"3"' });
    expect(await takeNext()).toBeUndefined();
    expect(pending.get().map((e) => [e.key, e.state])).toEqual([
      [annA.key, 'waiting'],
      [bobA.key, 'waiting'],
    ]);

    signedIn.set(ann);
    const annNext = await takeNext();
    expect(annNext?.key).toBe(annA.key);
    await confirmSent(annNext!, { data: undefined, etag: '"8"' });
    // Bob's change is now the held one; it was made without seeing Ann's, so it keeps its version (a conflict then).
    expect(await takeNext()).toBeUndefined();
    expect(await db.outbox.get(bobA.seq!)).toMatchObject({ baseVersion: 7, state: 'waiting', user: bob });
  });

  it("another account's change is not shown as the toggle's state", async () => {
    client.setQueryData(toggleKeys.project('web', 'a'), projectFeatureOf('web', 'a'));
    const shown = () => client.getQueryData<ProjectFeature>(toggleKeys.project('web', 'a'))!.environments[1].enabled;
    signedIn.set(ann);
    await enqueue('a', env(true));
    expect([production(), shown()]).toEqual([true, true]);
    signedIn.set(bob);
    expect([production(), shown()]).toEqual([false, false]);
    // Bob's own change is made on what he sees: the server's state.
    expect(await enqueue('a', env(false))).toMatchObject({ snapshot: false });
    signedIn.set(undefined);
    expect(production()).toBe(false);
    signedIn.set(ann);
    expect([production(), shown()]).toEqual([true, true]);
  });

  it("another account's change can be discarded, also one left 'sending' by a closed tab of that account", async () => {
    signedIn.set(ann);
    const first = await enqueue('a', env(true));
    const second = await enqueue('b', env(true));
    await takeNext();
    expect(pending.get()[0].state).toBe('sending');
    signedIn.set(bob);
    expect(await cancel(first.seq!)).toBe(true);
    expect(await cancel(second.seq!)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    signedIn.set(ann);
    expect(production()).toBe(false);
  });

  it('a change queued before changes recorded their account is kept, shown and sent as the signed-in account’s', async () => {
    // A row as the outbox stored it before: no account.
    signedIn.set(ann);
    const { user, ...old } = await enqueue('a', env(true));
    expect(user).toEqual(ann);
    await db.outbox.put(old);
    signedIn.set(bob);
    await attachOutbox(db);
    expect(pending.get()).toHaveLength(1);
    expect(production()).toBe(true);
    expect((await takeNext())?.key).toBe(old.key);
  });
});
