import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shared/api/client';
import { connectivity, PROBE_INTERVAL_MS, probeWhileUnreachable } from '../../shared/api/connectivity';
import type { StrategyInstance } from '../../strategies/strategy-instance';
import type { FeatureEnvironment, ProjectFeature } from '../types';
import { snackbar } from '../../shared/messages/messages';
import { toastStore } from '../../shared/messages/toast';
import type { SwitchyardDb } from '../../offline/db';
import type { OfflineEngine } from '../../offline/engine';
import type { Storage } from '../../offline/storage';
import { strategyActions } from '../api/use-strategy-actions';
import type { ToggleMirror } from './mirror';
import { bulkRecord, type BulkChange } from './bulk';
import { closePages, openPage, type Page } from './test-support';

/**
 * The unit's boundary is the HTTP client's fetch: this one answers as the server's contract says (TEAM.md), from
 * an in-memory toggle store: versions with strong ETags, If-Match and 412, Idempotency-Key with stored answers.
 * With `versions: false` it answers as a real Unleash 4 does: no version field, weak ETags, If-Match ignored.
 */
class ToggleServer {
  versions = true;
  /** Failures to give before answering: no answer at all, or a status. */
  failures: ('network' | number)[] = [];
  readonly requests: { method: string; path: string; ifMatch?: string; key?: string }[] = [];
  /** The bodies of the bulk calls, in order. */
  readonly bulkBodies: unknown[] = [];
  private readonly answers = new Map<string, { status: number; body: string; etag?: string }>();
  private readonly toggles = new Map<string, ProjectFeature & { version: number }>();
  private nextId = 1;

  add(name: string, environments: FeatureEnvironment[]) {
    this.toggles.set(name, {
      name,
      project: 'web',
      type: 'release',
      stale: false,
      variants: [],
      version: 1,
      environments,
    });
  }

  /** A change made elsewhere (another console): bumps the version. */
  changeElsewhere(name: string, change: (toggle: ProjectFeature) => void) {
    const toggle = this.toggles.get(name)!;
    change(toggle);
    toggle.version += 1;
  }

  toggle(name: string) {
    return this.toggles.get(name)!;
  }

  /** Deleted elsewhere (archived first, then removed for good). */
  remove(name: string) {
    this.toggles.delete(name);
  }

  projectShape(name: string): ProjectFeature {
    const { version, ...toggle } = structuredClone(this.toggle(name));
    return this.versions ? { ...toggle, version } : toggle;
  }

  classicShape(name: string) {
    const toggle = this.projectShape(name);
    const classic = toggle.environments.find((e) => e.name === 'default');
    return {
      ...toggle,
      environments: undefined,
      enabled: classic?.enabled ?? false,
      strategies: classic?.strategies ?? [],
    };
  }

  private etag(name: string) {
    return this.versions ? `"${this.toggle(name).version}"` : `W/"${Math.random().toString(36).slice(2)}"`;
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input).replace(/^\//, '');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const key = headers.get('Idempotency-Key') ?? undefined;
    this.requests.push({ method, path, ifMatch: headers.get('If-Match') ?? undefined, key });
    const failure = this.failures.shift();
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure) return json(failure, { name: 'ServiceError', message: 'down' });
    if (path === 'health') return json(200, { health: 'GOOD' });
    if (/^api\/admin\/projects\/[^/]+\/(bulk_features\/|stale$)/.test(path)) {
      const stored = key && this.answers.get(key);
      if (stored) return new Response(stored.body, { status: stored.status });
      const body = JSON.parse(String(init.body)) as Parameters<ToggleServer['bulk']>[1];
      this.bulkBodies.push(body);
      const answer = this.bulk(path, body);
      if (key) this.answers.set(key, answer);
      return new Response(answer.body, { status: answer.status });
    }
    const named = path.match(/features\/([^/]+)/);
    if (named && !this.toggles.has(decodeURIComponent(named[1]))) {
      const message = `Could not find feature toggle with name ${decodeURIComponent(named[1])}`;
      return json(404, { name: 'NotFoundError', message, details: [{ message }] });
    }
    if (method === 'GET' && path.startsWith('api/admin/sync/features?')) {
      const features = [...this.toggles.keys()].map((name) => this.projectShape(name));
      return json(200, { revision: 1, features, deleted: [], next: null });
    }
    if (method === 'GET') {
      const classic = path.match(/^api\/admin\/features\/([^/]+)$/);
      if (classic)
        return json(200, this.classicShape(decodeURIComponent(classic[1])), this.etag(decodeURIComponent(classic[1])));
      const project = path.match(/^api\/admin\/projects\/[^/]+\/features\/([^/]+)$/);
      if (project)
        return json(200, this.projectShape(decodeURIComponent(project[1])), this.etag(decodeURIComponent(project[1])));
      return json(404, { message: 'Not found' });
    }
    const stored = key && this.answers.get(key);
    if (stored)
      return new Response(stored.body, {
        status: stored.status,
        headers: { ...(stored.etag && { ETag: stored.etag }), 'Idempotency-Replayed': 'true' },
      });
    const answer = this.mutate(
      method,
      path,
      headers.get('If-Match'),
      init.body ? JSON.parse(String(init.body)) : undefined,
    );
    if (key && answer.status < 500) this.answers.set(key, answer);
    return new Response(answer.body, { status: answer.status, headers: answer.etag ? { ETag: answer.etag } : {} });
  };

  /** The bulk calls (on/off in an environment, stale): all or nothing, 412 when any toggle moved on. */
  private bulk(
    path: string,
    { features, versions = {}, stale }: { features: string[]; versions?: Record<string, number>; stale?: boolean },
  ): { status: number; body: string } {
    const moved = features.filter((name) => name in versions && versions[name] !== this.toggle(name).version);
    if (moved.length > 0)
      return { status: 412, body: JSON.stringify({ name: 'PreconditionFailedError', message: `${moved} changed` }) };
    const m = path.match(/bulk_features\/environments\/([^/]+)\/(on|off)$/);
    for (const name of features) {
      const toggle = this.toggle(name);
      if (m) toggle.environments.find((e) => e.name === m[1])!.enabled = m[2] === 'on';
      else toggle.stale = !!stale;
      toggle.version += 1;
    }
    return { status: 200, body: '' };
  }

  private mutate(
    method: string,
    path: string,
    ifMatch: string | null,
    body: unknown,
  ): { status: number; body: string; etag?: string } {
    const match = path.match(/^api\/admin\/(?:projects\/[^/]+\/)?features\/([^/]+)\/(.*)$/)!;
    const name = decodeURIComponent(match[1]);
    const rest = match[2];
    const toggle = this.toggle(name);
    if (this.versions && ifMatch && ifMatch !== `"${toggle.version}"`) {
      return {
        status: 412,
        body: JSON.stringify({ name: 'PreconditionFailedError', message: `The toggle ${name} changed` }),
      };
    }
    if (toggle.archived) {
      const message = `The feature toggle ${name} is archived: revive it before changing it`;
      return { status: 400, body: JSON.stringify({ name: 'InvalidOperationError', message, details: [{ message }] }) };
    }
    const env = (n: string) => toggle.environments.find((e) => e.name === n)!;
    let result: unknown;
    let m: RegExpMatchArray | null;
    if ((m = rest.match(/^toggle\/(on|off)$/))) env('default').enabled = m[1] === 'on';
    else if ((m = rest.match(/^stale\/(on|off)$/))) toggle.stale = m[1] === 'on';
    else if ((m = rest.match(/^environments\/([^/]+)\/(on|off)$/))) {
      if (m[2] === 'on' && env(m[1]).strategies.length === 0) {
        return {
          status: 400,
          body: JSON.stringify({
            name: 'ValidationError',
            message: 'x',
            details: [{ message: 'You can not enable the environment before it has strategies' }],
          }),
        };
      }
      env(m[1]).enabled = m[2] === 'on';
    } else if ((m = rest.match(/^environments\/([^/]+)\/strategies$/)) && method === 'POST') {
      const created = { ...(body as StrategyInstance), id: `srv-${this.nextId++}` };
      env(m[1]).strategies.push(created);
      result = created;
    } else if ((m = rest.match(/^environments\/([^/]+)\/strategies\/set-sort-order$/))) {
      const order = (body as { id: string }[]).map((o) => o.id);
      env(m[1]).strategies.sort((a, b) => order.indexOf(a.id!) - order.indexOf(b.id!));
    } else if ((m = rest.match(/^environments\/([^/]+)\/strategies\/([^/]+)$/))) {
      const list = env(m[1]).strategies;
      const index = list.findIndex((s) => s.id === m![2]);
      if (index < 0) return { status: 404, body: JSON.stringify({ message: 'Could not find strategy' }) };
      if (method === 'DELETE') list.splice(index, 1);
      else list[index] = { ...(body as StrategyInstance), id: m[2] };
    } else return { status: 404, body: '{}' };
    toggle.version += 1;
    return { status: 200, body: result === undefined ? '' : JSON.stringify(result), etag: this.etag(name) };
  }
}

function json(status: number, body: unknown, etag?: string) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...(etag && { ETag: etag }) },
  });
}

const strategy = (id: string, name = 'default'): StrategyInstance => ({ id, name, parameters: {}, constraints: [] });

let server: ToggleServer;
let pages: Page[];
let offline: OfflineEngine;
let toggles: ToggleMirror;
let storage: Storage;
let db: SwitchyardDb;
let client: QueryClient;

/** A page of the console on the same IndexedDB (the first one: a database of its own), its storage opened. */
async function open(retryPausesMs?: number[]) {
  const page = openPage({ base: pages[0]?.base, api: createApiClient('', server.fetch), retryPausesMs });
  pages.push(page);
  ({ offline, toggles, queryClient: client } = page);
  storage = await offline.openStorage();
  db = storage.db;
}

/** What the console knows of a toggle: as if its screen had loaded it. */
function load(name: string) {
  toggles.receiveProjectFeature(server.projectShape(name));
  toggles.receiveToggle(server.classicShape(name));
}

const drain = () => storage.replay.drain();

beforeEach(async () => {
  server = new ToggleServer();
  server.add('kill.switch', [
    { name: 'default', type: 'production', enabled: false, strategies: [strategy('s1')] },
    { name: 'production', type: 'production', enabled: false, strategies: [strategy('s2')] },
    { name: 'dev', type: 'development', enabled: false, strategies: [] },
  ]);
  server.add('other', [{ name: 'default', type: 'production', enabled: true, strategies: [strategy('s3')] }]);
  pages = [];
  // A "not now" answer is sent again at once (the pauses are the replay's, not what these tests are about).
  await open([0, 0]);
  load('kill.switch');
  load('other');
  connectivity.lost();
});

afterEach(async () => {
  await closePages(...pages);
  snackbar.clear();
  toastStore.get().forEach((toast) => toastStore.hide(toast.id));
});

const sent = () => server.requests.filter((r) => r.method !== 'GET');
const goOnline = async () => {
  connectivity.reached();
  await drain();
};
const env = (environment: string, enabled: boolean) => ({ kind: 'environment' as const, environment, enabled });

describe('replaying the outbox', () => {
  it("sends a toggle's changes in order, each on the version the previous one returned; the queue empties", async () => {
    await offline.queueChange('kill.switch', env('production', true));
    await offline.queueChange('other', { kind: 'stale', stale: true });
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await offline.queueChange('kill.switch', env('production', false));
    expect(sent()).toEqual([]);
    expect(offline.pending.get()).toHaveLength(4);

    await goOnline();
    expect(sent().map((r) => [r.path, r.ifMatch])).toEqual([
      ['api/admin/projects/web/features/kill.switch/environments/production/on', '"1"'],
      ['api/admin/features/other/stale/on', '"1"'],
      ['api/admin/features/kill.switch/stale/on', '"2"'],
      ['api/admin/projects/web/features/kill.switch/environments/production/off', '"3"'],
    ]);
    expect(new Set(sent().map((r) => r.key)).size).toBe(4);
    expect(offline.pending.get()).toEqual([]);
    expect(server.toggle('kill.switch')).toMatchObject({ version: 4, stale: true });
    expect(toastStore.get().map((t) => t.text)).toEqual(
      expect.arrayContaining(['other marked as Stale.', 'Successfully turned environment off.']),
    );
  });

  it('a retry after no answer, or after a server error, sends the same idempotency key', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    server.failures = ['network'];
    await goOnline();
    expect(connectivity.isOnline()).toBe(false);
    expect(offline.pending.get()[0].state).toBe('waiting');
    server.failures = [503];
    await goOnline();
    const attempts = sent();
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    expect(offline.pending.get()).toEqual([]);
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(true);
  });

  it("each accepted change shows the spec's toast once, also when it was queued offline and replayed later", async () => {
    await offline.queueChange('kill.switch', { kind: 'enabled', enabled: true });
    expect(toastStore.get().map((t) => [t.type, t.text])).toEqual([
      ['info', 'Queued: Turn on "kill.switch". It will be sent when the server can be reached.'],
    ]);
    await goOnline();
    const successes = () => toastStore.get().filter((t) => t.type === 'success');
    expect(successes().map((t) => t.text)).toEqual(['Successfully updated toggle status.']);
    await offline.queueChange('other', env('default', false));
    await drain();
    expect(successes().map((t) => t.text)).toEqual([
      'Successfully updated toggle status.',
      'Successfully turned environment off.',
    ]);
    expect(sent()).toHaveLength(2);
  });

  it('a repeat the server already handled is answered from its store and changes nothing', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    await goOnline();
    const [first] = sent();
    const replayed = await server.fetch(first.path, {
      method: 'POST',
      headers: { 'Idempotency-Key': first.key!, 'If-Match': '"1"' },
    });
    expect(replayed.headers.get('Idempotency-Replayed')).toBe('true');
    expect(server.toggle('kill.switch').version).toBe(2);
  });

  it('a strategy added offline is edited and reordered under its temporary id; the replay uses the server id', async () => {
    const { add } = strategyActions(offline);
    const target = { project: 'web', feature: 'kill.switch', environment: 'production' };
    const added = await add({ ...target, strategy: { name: 'userWithId', parameters: { userIds: 'ann' } } });
    expect(added.id).toMatch(/^tmp-/);
    expect(toggles.projectFeatureOf('web', 'kill.switch')?.environments[1].strategies.map((s) => s.id)).toEqual([
      's2',
      added.id,
    ]);
    await offline.queueChange('kill.switch', {
      kind: 'strategy-update',
      environment: 'production',
      strategy: { ...added, parameters: { userIds: 'bob' } },
    });
    await offline.queueChange('kill.switch', {
      kind: 'strategy-order',
      environment: 'production',
      ids: [added.id, 's2'],
    });

    await goOnline();
    expect(
      sent().map(
        (r) =>
          `${r.method} ${r.path.replace('api/admin/projects/web/features/kill.switch/environments/production/', '')}`,
      ),
    ).toEqual(['POST strategies', 'PUT strategies/srv-1', 'POST strategies/set-sort-order']);
    expect(server.toggle('kill.switch').environments[1].strategies).toEqual([
      { id: 'srv-1', name: 'userWithId', parameters: { userIds: 'bob' }, constraints: [] },
      strategy('s2'),
    ]);
  });

  it("a strategy's segments and variants survive the queue and its replay, also when an edit empties them", async () => {
    const { add, update } = strategyActions(offline);
    const target = { project: 'web', feature: 'kill.switch', environment: 'dev' };
    const variants = [
      { name: 'blue', weight: 500, weightType: 'variable' as const, stickiness: 'userId' },
      {
        name: 'red',
        weight: 500,
        weightType: 'variable' as const,
        stickiness: 'userId',
        payload: { type: 'number' as const, value: '7' },
      },
    ];
    const added = await add({ ...target, strategy: { name: 'default', parameters: {}, segments: [3, 9], variants } });
    expect(toggles.projectFeatureOf('web', 'kill.switch')?.environments[2].strategies[0]).toMatchObject({
      segments: [3, 9],
      variants,
    });
    await update({ ...target, strategy: { ...added, segments: [], variants: [variants[0]] } });

    await goOnline();
    expect(server.toggle('kill.switch').environments[2].strategies).toEqual([
      { id: 'srv-1', name: 'default', parameters: {}, constraints: [], segments: [], variants: [variants[0]] },
    ]);
    const [post] = server.requests.filter((r) => r.method === 'POST');
    expect(post.path).toMatch(/environments\/dev\/strategies$/);
  });
});

describe('conflicts', () => {
  it('a 412 holds the change with the notice open; the toggle’s later changes wait, other toggles go on', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await offline.queueChange('other', { kind: 'stale', stale: true });
    server.changeElsewhere('kill.switch', (t) => (t.description = 'edited elsewhere'));

    await goOnline();
    expect(sent().map((r) => r.path)).toEqual([
      'api/admin/projects/web/features/kill.switch/environments/production/on',
      'api/admin/features/other/stale/on',
    ]);
    expect(offline.pending.get().map((e) => [e.change.kind, e.state, e.notice])).toEqual([
      ['environment', 'conflict', 'open'],
      ['stale', 'waiting', undefined],
    ]);
    // Held, it is not shown as if it were going to happen, and it is not sent again.
    expect(toggles.projectFeatureOf('web', 'kill.switch')?.environments[1].enabled).toBe(false);
    await goOnline();
    expect(sent()).toHaveLength(2);

    // 'Refresh configuration' loads the server's toggle; 'Apply again' rebases the change on it and sends it.
    await storage.outbox.refreshConflict(offline.pending.get()[0].seq!);
    expect(toggles.projectFeatureOf('web', 'kill.switch')).toMatchObject({
      version: 2,
      description: 'edited elsewhere',
    });
    const heldKey = offline.pending.get()[0].key;
    await offline.applyAgain(offline.pending.get()[0].seq!);
    const retried = sent()[2];
    expect(retried).toMatchObject({
      path: 'api/admin/projects/web/features/kill.switch/environments/production/on',
      ifMatch: '"2"',
    });
    expect(retried.key).not.toBe(heldKey);
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(true);
    // The stale flip was made against version 1: it is held in turn, never applied silently.
    expect(offline.pending.get().map((e) => [e.change.kind, e.state])).toEqual([['stale', 'conflict']]);
  });

  it('a toggle archived meanwhile: held (archiving changed it); Apply again gets the refusal, named, kept listed', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    server.changeElsewhere('kill.switch', (t) => (t.archived = true));
    await goOnline();
    const [held] = offline.pending.get();
    expect(held.state).toBe('conflict');
    // The refreshed toggle is archived: the mirror no longer keeps it, so Apply again reads the server's version.
    await offline.refreshHeld(held.seq!);
    await offline.applyAgain(held.seq!);
    const reason = 'The feature toggle kill.switch is archived: revive it before changing it';
    expect(offline.pending.get()).toMatchObject([{ state: 'failed', error: { status: 400, detail: reason } }]);
    expect(snackbar.get().map((m) => m.text)).toEqual([`kill.switch in production was not turned on: ${reason}`]);
    expect(sent().map((r) => r.ifMatch)).toEqual(['"1"', '"2"']);
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(false);
  });

  it('a toggle deleted meanwhile: Refresh configuration gets a 404, and the change fails with its message', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    server.changeElsewhere('kill.switch', (t) => (t.archived = true));
    await goOnline();
    server.remove('kill.switch');
    await offline.refreshHeld(offline.pending.get()[0].seq!);
    expect(offline.pending.get()).toMatchObject([{ state: 'failed', error: { status: 404 } }]);
    expect(snackbar.get().map((m) => m.text)).toEqual([
      'kill.switch in production was not turned on: Could not find the requested resource',
    ]);
  });

  it('against a server without versions, a conflict is found by comparing the touched part with the snapshot', async () => {
    server.versions = false;
    await offline.mirror.clear();
    load('kill.switch');
    load('other');
    await offline.queueChange('kill.switch', env('production', true));
    await offline.queueChange('other', { kind: 'stale', stale: true });
    await offline.queueChange('other', { kind: 'enabled', enabled: false });
    server.changeElsewhere('kill.switch', (t) => (t.environments[1].enabled = true));
    server.changeElsewhere('other', (t) => (t.description = 'not what the changes touch'));

    await goOnline();
    expect(sent().map((r) => [r.path, r.ifMatch])).toEqual([
      ['api/admin/features/other/stale/on', undefined],
      ['api/admin/features/other/toggle/off', undefined],
    ]);
    expect(offline.pending.get().map((e) => [e.feature, e.state])).toEqual([['kill.switch', 'conflict']]);
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      'api/admin/projects/web/features/kill.switch',
      'api/admin/projects/web/features/other',
      'api/admin/features/other',
    ]);
  });
});

describe('failures that are not conflicts', () => {
  it('are listed with the spec message until dismissed, and keep the toggle’s later changes back', async () => {
    await offline.queueChange('kill.switch', env('dev', true));
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await goOnline();
    expect(offline.pending.get()[0]).toMatchObject({
      state: 'failed',
      error: {
        status: 400,
        message: 'Bad request format',
        detail: 'You can not enable the environment before it has strategies',
      },
    });
    expect(snackbar.get().map((m) => m.text)).toEqual([
      'kill.switch in dev was not turned on: You can not enable the environment before it has strategies',
    ]);
    expect(sent()).toHaveLength(1);

    await offline.cancel(offline.pending.get()[0].seq!);
    await drain();
    expect(sent().map((r) => r.path)).toEqual([
      'api/admin/projects/web/features/kill.switch/environments/dev/on',
      'api/admin/features/kill.switch/stale/on',
    ]);
    expect(offline.pending.get()).toEqual([]);
  });

  it('a refused change sent again by Retry goes with a new idempotency key (the server kept the refusal)', async () => {
    await offline.queueChange('kill.switch', env('dev', true));
    await goOnline();
    expect(offline.pending.get()[0].state).toBe('failed');
    server.toggle('kill.switch').environments[2].strategies.push(strategy('s9'));
    await offline.retry(offline.pending.get()[0].seq!);
    expect(offline.pending.get()).toEqual([]);
    const [refused, retried] = sent();
    expect(retried).toMatchObject({ path: refused.path, ifMatch: '"1"' });
    expect(retried.key).not.toBe(refused.key);
    expect(server.toggle('kill.switch').environments[2].enabled).toBe(true);
    expect(toastStore.get().map((t) => t.text)).toContain('Successfully turned environment on.');
  });

  it('a server error that outlasts its retries fails the change, named with its environment, until retried', async () => {
    await offline.queueChange('kill.switch', env('production', true));
    await offline.queueChange('other', { kind: 'stale', stale: true });
    server.failures = [500, 502, 500];
    await goOnline();
    expect(offline.pending.get()[0]).toMatchObject({
      state: 'failed',
      error: { status: 500, message: 'Action could not be performed' },
    });
    expect(snackbar.get().map((m) => m.text)).toEqual([
      'kill.switch in production was not turned on: Action could not be performed',
    ]);
    expect(sent()).toHaveLength(3);
    expect(new Set(sent().map((r) => r.key)).size).toBe(1);
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(false);
    // The server is not taking changes now: the other toggle's change waits for the next trigger.
    expect(offline.pending.get()[1].state).toBe('waiting');

    await offline.retry(offline.pending.get()[0].seq!);
    expect(offline.pending.get()).toEqual([]);
    // A server error was not kept by the server: the retry keeps the key, so a change it did apply is not repeated.
    expect(
      sent()
        .filter((r) => r.path.endsWith('/production/on'))
        .map((r) => r.key),
    ).toEqual(Array(4).fill(sent()[0].key));
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(true);
    expect(server.toggle('other').stale).toBe(true);
  });

  it('a 401 leaves the change waiting and has the session checked again', async () => {
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    server.failures = [401];
    const checked = vi.spyOn(client, 'invalidateQueries');
    await goOnline();
    expect(offline.pending.get()[0].state).toBe('waiting');
    expect(checked).toHaveBeenCalledWith({ queryKey: ['user'] });
  });
});

describe('changes of another account', () => {
  const ann = { id: 1, name: 'Ann' };
  const bob = { id: 2, name: 'Bob' };

  it('are held while another account is signed in, and sent once theirs signs in again', async () => {
    offline.signedIn.set(ann);
    await offline.queueChange('kill.switch', env('production', true));
    // Ann signs out (the queue is kept) and Bob signs in on the same browser.
    offline.signedIn.set(bob);
    await offline.queueChange('other', { kind: 'stale', stale: true });
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await goOnline();
    // Only Bob's change to a toggle without Ann's change went; his later change to the kill switch waits behind hers.
    expect(sent().map((r) => r.path)).toEqual(['api/admin/features/other/stale/on']);
    expect(offline.pending.get().map((e) => [e.user?.name, e.change.kind, e.state])).toEqual([
      ['Ann', 'environment', 'waiting'],
      ['Bob', 'stale', 'waiting'],
    ]);
    expect(server.toggle('kill.switch')).toMatchObject({ version: 1, stale: false });

    // Ann signs in again: her change is sent at once (Bob's is now the held one).
    offline.signedIn.set(ann);
    await vi.waitFor(() => expect(sent()).toHaveLength(2));
    await drain();
    expect(sent().map((r) => [r.path, r.ifMatch])).toEqual([
      ['api/admin/features/other/stale/on', '"1"'],
      ['api/admin/projects/web/features/kill.switch/environments/production/on', '"1"'],
    ]);
    expect(server.toggle('kill.switch').environments[1].enabled).toBe(true);
    expect(offline.pending.get().map((e) => e.user?.name)).toEqual(['Bob']);

    // Bob's change was made without seeing Ann's: when he signs in, it meets it as a conflict for him to decide on.
    offline.signedIn.set(bob);
    await drain();
    expect(sent()).toHaveLength(3);
    expect(offline.pending.get().map((e) => [e.user?.name, e.state])).toEqual([['Bob', 'conflict']]);
    expect(server.toggle('kill.switch').stale).toBe(false);
  });

  it('a change queued before changes recorded their account is kept and sent with the signed-in session', async () => {
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    const [queued] = await db.outbox.toArray();
    expect(queued.user).toBeUndefined();
    await storage.outbox.read();
    offline.signedIn.set(bob);
    await goOnline();
    expect(sent().map((r) => r.path)).toEqual(['api/admin/features/kill.switch/stale/on']);
    expect(offline.pending.get()).toEqual([]);
  });
});

describe('when the replay runs', () => {
  it('at once when online', async () => {
    connectivity.reached();
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await drain();
    expect(sent()).toHaveLength(1);
  });

  it('on the online event, on focus and when the page becomes visible', async () => {
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(offline.pending.get()).toEqual([]));

    server.failures = ['network'];
    await offline.queueChange('other', { kind: 'stale', stale: true });
    await drain();
    connectivity.reached();
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(offline.pending.get()).toEqual([]));

    connectivity.lost();
    await offline.queueChange('kill.switch', { kind: 'stale', stale: false });
    connectivity.reached();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(offline.pending.get()).toEqual([]));
    expect(sent()).toHaveLength(4);
  });

  it('on the periodic probe of the health check while the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await offline.close();
    await open();
    // As the engine's start starts it for the console.
    const stopProbing = probeWhileUnreachable(() => offline.api.get('health'));
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    await vi.waitFor(() => expect(offline.pending.get()).toEqual([]));
    expect(server.requests.map((r) => r.path)).toEqual(['health', 'api/admin/features/kill.switch/stale/on']);
    stopProbing();
    vi.useRealTimers();
  });
});

describe('a bulk change', () => {
  const bulkOff = (features: string[]) =>
    offline.queueChange<BulkChange>(
      bulkRecord('web', features.length),
      { kind: 'toggles-bulk', features, action: 'environment', environment: 'default', enabled: false },
      'web',
    );

  it("is one queued change, shown on each toggle, sent once with every toggle's version after their earlier changes", async () => {
    server.changeElsewhere('other', () => undefined);
    load('other');
    await offline.queueChange('kill.switch', env('default', true));
    const entry = await bulkOff(['kill.switch', 'other']);
    expect(entry).toMatchObject({ feature: '2 toggles in web', baseVersions: { 'kill.switch': 1, other: 2 } });
    expect(offline.pending.get()).toHaveLength(2);
    // Offline, each toggle shows it: the earlier change, then the bulk one on top.
    expect(toggles.stateOf('kill.switch')?.toggle.enabled).toBe(false);
    expect(toggles.stateOf('other')?.toggle.enabled).toBe(false);

    await goOnline();
    await goOnline();
    const bulk = sent().filter((r) => r.path.includes('bulk_features'));
    expect(sent().map((r) => r.path)).toEqual([
      'api/admin/projects/web/features/kill.switch/environments/default/on',
      'api/admin/projects/web/bulk_features/environments/default/off',
    ]);
    expect(bulk).toHaveLength(1);
    expect(bulk[0].key).toBe(entry.key);
    expect(offline.pending.get()).toEqual([]);
    expect(server.toggle('kill.switch')).toMatchObject({ version: 3 });
    expect(server.toggle('other')).toMatchObject({ version: 3 });
    expect(server.toggle('other').environments[0].enabled).toBe(false);
    // The mirror holds the toggles at their new versions: a change made now is sent on them.
    expect(toggles.serverStateOf('other')?.toggle.version).toBe(3);
  });

  it('sends the versions it was made against, and the change of one toggle before it moves them on', async () => {
    await offline.queueChange('other', { kind: 'stale', stale: true });
    await bulkOff(['kill.switch', 'other']);
    await goOnline();
    expect(server.bulkBodies).toEqual([
      { features: ['kill.switch', 'other'], versions: { 'kill.switch': 1, other: 2 } },
    ]);
    expect(offline.pending.get()).toEqual([]);
  });

  it('is held whole when any toggle changed elsewhere, shows the refresh notice, and is sent again on Apply again', async () => {
    await bulkOff(['kill.switch', 'other']);
    server.changeElsewhere('other', (toggle) => (toggle.stale = true));
    await goOnline();
    const [held] = offline.pending.get();
    expect(held).toMatchObject({ state: 'conflict', notice: 'open' });
    expect(offline.pending.showsConflict(held)).toBe(true);
    expect(server.toggle('kill.switch').environments[0].enabled).toBe(false);
    expect(server.toggle('kill.switch').version).toBe(1);
    // A later change of one of its toggles waits behind it.
    await offline.queueChange('kill.switch', { kind: 'stale', stale: true });
    await drain();
    expect(sent().filter((r) => r.path.includes('stale/on'))).toEqual([]);

    load('other');
    await offline.applyAgain(held.seq!);
    expect(server.bulkBodies.at(-1)).toMatchObject({ versions: { 'kill.switch': 1, other: 2 } });
    expect(offline.pending.get()).toEqual([]);
    expect(server.toggle('kill.switch')).toMatchObject({ stale: true, version: 3 });
  });
});
