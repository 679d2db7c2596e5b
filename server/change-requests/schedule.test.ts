/**
 * Scheduled change requests: an Approved request moved to Scheduled is applied by the server at its time, exactly
 * once however many processes run the scheduler, or marked with why it could not be. Times are real: a request is
 * scheduled a moment ahead (further when the machine was too slow to get it there in time) and the test waits for it.
 */
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import type { CallResult } from '../test-support/harness.ts';
import { useSecondProcess } from '../test-support/second-process.ts';
import { runClaimed } from './schedule.ts';

const PROJECT = 'api/admin/projects/sch';
const REQUESTS = `${PROJECT}/change-requests`;
const DRAFT = `${PROJECT}/environments/production/change-requests`;
const state = (id: number) => `${REQUESTS}/${id}/state`;

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const eventsOf = async (type: string) =>
  (await server.call('GET', `api/admin/events?type=${type}`, { cookie: admin })).body.events as Array<{
    id: number;
    createdAt: string;
    featureName: string;
    environment: string;
    data: Record<string, unknown>;
  }>;
const request = async (id: number) => (await as(viewer)('GET', `${REQUESTS}/${id}`)).body;
const enabled = async (feature: string) =>
  (await as(admin)('GET', `${PROJECT}/features/${feature}/environments/production`)).body.enabled as boolean;

/** Polls until `check` holds (a generous deadline: the scheduler's timing is real, the machine may be busy). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let author: string;
let toggleCount = 0;

/** A new toggle of the project, off in production. */
async function newToggle(): Promise<string> {
  toggleCount += 1;
  const name = `sch-${toggleCount}`;
  expect((await as(admin)('POST', `${PROJECT}/features`, { name })).status).toBe(201);
  return name;
}

/** The author's request with these changes, sent for review and approved by the Editor. */
async function approved(...changes: Array<Record<string, unknown>>): Promise<number> {
  let draft: CallResult | undefined;
  for (const change of changes) draft = await as(author)('POST', DRAFT, change);
  expect(draft!.status, draft!.text).toBe(200);
  const id = draft!.body.id as number;
  expect((await as(author)('PUT', state(id), { state: 'In review' })).status).toBe(200);
  expect((await as(editor)('PUT', state(id), { state: 'Approved' })).body.state).toBe('Approved');
  return id;
}

/**
 * Schedules the request `aheadMs` from now (and the end of its window `windowMs` after), through `call` (the author by
 * default). A machine too slow to get the
 * request there before that time gets a 400 ("must be in the future"): then it is tried again further ahead.
 */
async function schedule(id: number, aheadMs = 1000, call = as(author), windowMs?: number): Promise<CallResult> {
  for (let ahead = aheadMs; ; ahead *= 2) {
    const scheduledAt = new Date(Date.now() + ahead).toISOString();
    const revertAt = windowMs === undefined ? undefined : new Date(Date.now() + ahead + windowMs).toISOString();
    const answer = await call('PUT', state(id), { state: 'Scheduled', scheduledAt, revertAt });
    if (answer.status !== 400 || answer.body.message !== '"scheduledAt" must be in the future') return answer;
  }
}

const onEnabled = (feature: string) => ({ feature, action: 'updateEnabled', payload: { enabled: true } });

useServer({ users: true });
beforeAll(async () => {
  author = (await server.createUser('Editor')).cookie;
  expect((await as(admin)('POST', 'api/admin/projects', { id: 'sch', name: 'Schedules' })).status).toBe(201);
  await as(admin)('POST', `${PROJECT}/environments`, { environment: 'production' });
  const config = await as(admin)('PUT', `${PROJECT}/environments/production/change-requests/config`, {
    changeRequestsEnabled: true,
    requiredApprovals: 1,
  });
  expect(config.status).toBe(200);
  const addon = await as(admin)('POST', 'api/admin/addons', {
    provider: 'webhook',
    enabled: true,
    parameters: { url: 'http://127.0.0.1:9/schedules' },
    events: ['change-request-scheduled', 'change-request-schedule-failed', 'change-request-reverted'],
  });
  expect(addon.status, addon.text).toBe(201);
});

/** The addon deliveries queued for the request's events of that type. */
const deliveries = async (type: string, id: number) =>
  (
    await server.sql(
      `select count(*)::int as n from addon_deliveries d join events e on e.id = d.event_id
       where e.type = '${type}' and (e.data->>'id')::int = ${id}`,
    )
  )[0].n;

describe('scheduling a change request', () => {
  it('refuses times missing, past, malformed or for another state, and requests not approved, changing nothing', async () => {
    const feature = await newToggle();
    const id = await approved(onEnabled(feature));
    const before = await request(id);
    const scheduled = (await eventsOf('change-request-scheduled')).length;
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expectInvalid(
      await as(author)('PUT', state(id), { state: 'Scheduled' }),
      ['scheduledAt'],
      '"scheduledAt" is required to schedule a change request',
    );
    expectInvalid(
      await as(author)('PUT', state(id), {
        state: 'Scheduled',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      }),
      ['scheduledAt'],
      '"scheduledAt" must be in the future',
    );
    expectInvalid(
      await as(author)('PUT', state(id), { state: 'Applied', scheduledAt: future }),
      ['scheduledAt'],
      '"scheduledAt" is only for the state Scheduled',
    );
    for (const scheduledAt of ['tomorrow', '2030-13-01T00:00:00Z', 42, null]) {
      const answer = await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt });
      expect(answer.status, String(scheduledAt)).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    expect((await as(viewer)('PUT', state(id), { state: 'Scheduled', scheduledAt: future })).status).toBe(403);
    const draft = (await as(author)('POST', DRAFT, onEnabled(await newToggle()))).body.id;
    expectError(
      await as(author)('PUT', state(draft), { state: 'Scheduled', scheduledAt: future }),
      400,
      'InvalidOperationError',
      'A change request in state Draft can not become Scheduled',
    );
    expect(await request(id)).toEqual(before);
    expect(await eventsOf('change-request-scheduled')).toHaveLength(scheduled);
    expect((await as(author)('PUT', state(draft), { state: 'Cancelled' })).status).toBe(200);
  });

  it('applies an Approved request at its time, once, audits both steps, and SDKs get it', async () => {
    const feature = await newToggle();
    const token = await as(admin)('POST', 'api/admin/api-tokens', {
      username: 'sdk',
      type: 'client',
      project: 'sch',
      environment: 'production',
    });
    expect(token.status, token.text).toBe(201);
    const served = async () =>
      (await server.call('GET', 'api/client/features', { token: token.body.secret })).body.features.find(
        (f: { name: string }) => f.name === feature,
      ).enabled as boolean;
    expect(await served()).toBe(false);
    const id = await approved(onEnabled(feature));
    const answer = await schedule(id);
    await served(); // the SDKs' answer is kept from now: the scheduled change must make it stale
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ state: 'Scheduled', scheduleFailure: null });
    const scheduledAt = answer.body.scheduledAt;
    expect(answer.headers.get('etag')).toBe(`"${answer.body.version}"`);
    const [event] = await eventsOf('change-request-scheduled');
    expect(event).toMatchObject({ environment: 'production', data: { id, state: 'Scheduled', scheduledAt } });

    await until('the request applied', async () => (await request(id)).state === 'Applied');
    expect(await enabled(feature)).toBe(true);
    expect(await served()).toBe(true);
    expect((await request(id)).version).toBe(answer.body.version + 1);
    const applied = (await eventsOf('change-request-applied')).filter((e) => e.data.id === id);
    expect(applied).toHaveLength(1);
    expect(new Date(applied[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(scheduledAt).getTime());
    const flips = (await eventsOf('feature-environment-enabled')).filter((e) => e.featureName === feature);
    expect(flips).toHaveLength(1);
  });

  it('stops when cancelled, and may be moved to another time or applied at once', async () => {
    const far = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await approved(onEnabled(await newToggle()));
    expect((await as(author)('PUT', state(moved), { state: 'Scheduled', scheduledAt: far })).status).toBe(200);
    const again = await as(author)('PUT', state(moved), { state: 'Scheduled', scheduledAt: later });
    expect(again.body).toMatchObject({ state: 'Scheduled', scheduledAt: later });
    expect((await as(editor)('PUT', state(moved), { state: 'Applied' })).body.state).toBe('Applied');

    // Cancelled a moment before its time (again further ahead when the machine was too slow to cancel it in time).
    let cancelledToggle: string;
    let cancelled: CallResult;
    for (let ahead = 1000; ; ahead *= 2) {
      cancelledToggle = await newToggle();
      const id = await approved(onEnabled(cancelledToggle));
      cancelled = await schedule(id, ahead);
      const stopped = await as(editor)('PUT', state(id), { state: 'Cancelled' });
      if (stopped.status === 200) break;
      expect(stopped.body.message).toBe('A change request in state Applied can not become Cancelled');
    }
    // A request scheduled later than the cancelled one's time: once it is applied, that time has passed too.
    const marker = await approved(onEnabled(await newToggle()));
    const markerAt = await schedule(
      marker,
      Math.max(new Date(cancelled.body.scheduledAt).getTime() - Date.now(), 0) + 500,
    );
    expect(markerAt.status, markerAt.text).toBe(200);
    await until('the later request applied', async () => (await request(marker)).state === 'Applied');
    expect((await request(cancelled.body.id)).state).toBe('Cancelled');
    expect(await enabled(cancelledToggle)).toBe(false);
  });

  it('marks a request it could not apply, with the reason, and records it for its author', async () => {
    const moving = await newToggle();
    const conflicting = await approved(onEnabled(moving));
    const recorded = (await request(conflicting)).changes[0].version;
    // The toggle moves after the change was added (an Admin's direct change, past the gate).
    expect((await as(admin)('POST', `${PROJECT}/features/${moving}/environments/development/on`)).status).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const impossible = await approved({
      feature: await newToggle(),
      action: 'deleteStrategy',
      payload: { id: missing },
    });
    for (const id of [conflicting, impossible]) expect((await schedule(id)).status).toBe(200);
    for (const id of [conflicting, impossible]) {
      await until('the failure recorded', async () => (await request(id)).state !== 'Scheduled');
    }

    const conflictReason =
      `The toggle ${moving} changed since the change was added: it was at version ${recorded}, ` +
      `it is now at version ${recorded + 1}. Nothing was applied`;
    const shown = await request(conflicting);
    expect(shown).toMatchObject({
      state: 'Approved',
      conflict: { feature: moving, version: recorded, currentVersion: recorded + 1 },
      scheduleFailure: { reason: conflictReason },
    });
    expect(await enabled(moving)).toBe(false);
    expect((await request(impossible)).scheduleFailure.reason).toMatch(/Could not find strategy/);
    const failed = await eventsOf('change-request-schedule-failed');
    for (const [id, reason] of [
      [conflicting, conflictReason],
      [impossible, (await request(impossible)).scheduleFailure.reason],
    ]) {
      expect(failed.filter((e) => e.data.id === id).map((e) => e.data)).toEqual([
        { id, project: 'sch', environment: 'production', reason },
      ]);
    }
    for (const id of [conflicting, impossible]) {
      expect(await deliveries('change-request-scheduled', id)).toBe(1);
      expect(await deliveries('change-request-schedule-failed', id)).toBe(1);
    }
    // Still approved: it may be cancelled, or scheduled again once the cause is dealt with.
    expect((await as(author)('PUT', state(impossible), { state: 'Cancelled' })).body.state).toBe('Cancelled');
  });

  it('applies a request once when two schedulers hold the same claim (a lease that ran out)', async () => {
    const feature = await newToggle();
    const id = await approved(onEnabled(feature));
    const far = new Date(Date.now() + 3_600_000).toISOString();
    expect((await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt: far })).status).toBe(200);
    // What a claim gives a scheduler: the request and its version then. When the first one's lease runs out (it is
    // slow, or dead), a second one claims the same; here both act at once, before the request is due.
    const claim = { id, project: 'sch', version: (await request(id)).version };
    const deps = { db: server.db, config: server.config };
    await Promise.all([runClaimed(deps, claim), runClaimed(deps, { ...claim })]);
    expect((await request(id)).state).toBe('Applied');
    expect((await eventsOf('change-request-applied')).filter((e) => e.data.id === id)).toHaveLength(1);
    expect((await eventsOf('feature-environment-enabled')).filter((e) => e.featureName === feature)).toHaveLength(1);
  });
});

describe('a scheduled window', () => {
  const strategies = (feature: string) => `${PROJECT}/features/${feature}/environments/production/strategies`;
  /** The toggle in production: on or off, and its strategies as the API lists them. */
  const production = async (feature: string) => ({
    enabled: await enabled(feature),
    strategies: (await as(admin)('GET', strategies(feature))).body,
  });
  /** A toggle on in production with its default strategy, and a request turning it off and changing its strategies. */
  async function windowed() {
    const feature = await newToggle();
    expect((await as(admin)('POST', `${PROJECT}/features/${feature}/environments/production/on`)).status).toBe(200);
    const [first] = (await as(admin)('GET', strategies(feature))).body;
    const id = await approved(
      { feature, action: 'updateEnabled', payload: { enabled: false } },
      { feature, action: 'addStrategy', payload: { name: 'userWithId', parameters: { userIds: '7' } } },
      {
        feature,
        action: 'updateStrategy',
        payload: {
          id: first.id,
          name: 'default',
          constraints: [{ contextName: 'appName', operator: 'IN', values: ['a'] }],
        },
      },
    );
    return { feature, id, first, before: await production(feature) };
  }

  it('applies the changes at scheduledAt and their reverse at revertAt, shown on the request, once', async () => {
    const { feature, id, first, before } = await windowed();
    const answer = await schedule(id, 1000, as(author), 1500);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ state: 'Scheduled', revert: null, revertedAt: null });
    const { scheduledAt, revertAt } = answer.body;
    expect(new Date(revertAt).getTime() - new Date(scheduledAt).getTime()).toBe(1500);
    const [event] = await eventsOf('change-request-scheduled');
    expect(event.data).toMatchObject({ id, scheduledAt, revertAt });

    await until('the request applied', async () => (await request(id)).state === 'Applied');
    const applied = await request(id);
    const added = applied.revert.find((change: { action: string }) => change.action === 'deleteStrategy');
    expect(applied.revert).toEqual([
      { feature, action: 'deleteStrategy', payload: { id: added.payload.id }, version: added.version },
      {
        feature,
        action: 'updateStrategy',
        payload: { id: first.id, name: 'default', parameters: {}, constraints: [], segments: [], variants: [] },
        version: added.version,
      },
      { feature, action: 'updateEnabled', payload: { enabled: true }, version: added.version },
    ]);
    expect(added.payload.id).not.toBe(first.id);

    await until('the reverse applied', async () => (await request(id)).revertedAt !== null);
    expect(await production(feature)).toEqual(before);
    const shown = await request(id);
    expect(shown).toMatchObject({ state: 'Applied', scheduleFailure: null, revertAt });
    expect(new Date(shown.revertedAt).getTime()).toBeGreaterThanOrEqual(new Date(revertAt).getTime());
    expect((await eventsOf('change-request-reverted')).filter((e) => e.data.id === id)).toHaveLength(1);
    expect(await deliveries('change-request-reverted', id)).toBe(1);
    const flips = (await eventsOf('feature-environment-enabled')).filter((e) => e.featureName === feature);
    expect(flips).toHaveLength(2); // on before the request, on again at the window's end
  });

  it('refuses an end not after the start, or with another state', async () => {
    const { id } = await windowed();
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    expectInvalid(
      await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt, revertAt: scheduledAt }),
      ['revertAt'],
      '"revertAt" must be later than "scheduledAt"',
    );
    expectInvalid(
      await as(author)('PUT', state(id), { state: 'Applied', revertAt: scheduledAt }),
      ['revertAt'],
      '"revertAt" is only for the state Scheduled',
    );
    expect((await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt, revertAt: 'later' })).status).toBe(
      400,
    );
    expect((await request(id)).state).toBe('Approved');
  });

  it('keeps the window when applied at once, and does not reverse a toggle changed meanwhile', async () => {
    const { feature, id } = await windowed();
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const revertAt = new Date(Date.now() + 7_200_000).toISOString();
    expect((await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt, revertAt })).status).toBe(200);
    const applied = await as(editor)('PUT', state(id), { state: 'Applied' });
    expect(applied.body).toMatchObject({ state: 'Applied', revertAt, revertedAt: null });
    expect(applied.body.revert).toHaveLength(3);
    const version = applied.body.revert[0].version;
    expect((await as(admin)('POST', `${PROJECT}/features/${feature}/environments/development/on`)).status).toBe(200);
    const after = await production(feature);
    // The window's end, brought forward: a scheduler's claim of the request as it is now (see above).
    const claim = { id, project: 'sch', version: (await request(id)).version };
    await runClaimed({ db: server.db, config: server.config }, claim);
    const reason =
      `The toggle ${feature} changed since the change was added: it was at version ${version}, ` +
      `it is now at version ${version + 1}. Nothing was applied`;
    expect(await request(id)).toMatchObject({
      state: 'Applied',
      revertedAt: null,
      conflict: { feature, version, currentVersion: version + 1 },
      scheduleFailure: { reason },
    });
    expect(await production(feature)).toEqual(after);
    const failed = (await eventsOf('change-request-schedule-failed')).filter((e) => e.data.id === id);
    expect(failed.map((e) => e.data)).toEqual([{ id, project: 'sch', environment: 'production', reason }]);
  });

  it('brings a strategy it deleted back with its id, in its place, so SDKs see what they saw before', async () => {
    const feature = await newToggle();
    for (const userIds of ['1', '2']) {
      const added = await as(admin)('POST', strategies(feature), { name: 'userWithId', parameters: { userIds } });
      expect(added.status, added.text).toBe(200);
    }
    const before = await production(feature);
    expect(before.strategies).toHaveLength(3); // its default strategy and the two
    const [first, middle, last] = before.strategies;
    const id = await approved({ feature, action: 'deleteStrategy', payload: { id: middle.id } });
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const revertAt = new Date(Date.now() + 7_200_000).toISOString();
    expect((await as(author)('PUT', state(id), { state: 'Scheduled', scheduledAt, revertAt })).status).toBe(200);
    expect((await as(editor)('PUT', state(id), { state: 'Applied' })).body.state).toBe('Applied');
    const during = (await production(feature)).strategies.map((strategy: { id: string }) => strategy.id);
    expect(during).toEqual([first.id, last.id]);
    // The window's end, brought forward: a scheduler's claim of the request as it is now.
    await runClaimed(
      { db: server.db, config: server.config },
      { id, project: 'sch', version: (await request(id)).version },
    );
    expect((await request(id)).revertedAt).not.toBeNull();
    expect(await production(feature)).toEqual(before);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('scheduled requests with two processes on one PostgreSQL', () => {
  const other = useSecondProcess(() => server);

  it('applies each of many requests due at the same time exactly once', async () => {
    const toggles: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      toggles.push(await newToggle());
      ids.push(await approved(onEnabled(toggles[i])));
    }
    // Half scheduled through each process, all at the same time (later for any the machine was too slow for).
    const at = new Date(Date.now() + 5000).toISOString();
    const viaOther = (method: string, path: string, body?: unknown) =>
      fetch(`${other().url}/${path}`, {
        method,
        headers: { cookie: author, 'content-type': 'application/json', [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }) as CallResult);
    for (const [i, id] of ids.entries()) {
      const call = i % 2 === 0 ? as(author) : viaOther;
      const answer = await call('PUT', state(id), { state: 'Scheduled', scheduledAt: at });
      if (answer.status === 400) expect((await schedule(id, 500, call)).status).toBe(200);
      else expect(answer.status).toBe(200);
    }
    await until('every request applied', async () => {
      const list = (await as(viewer)('GET', `${REQUESTS}?state=Scheduled`)).body as unknown[];
      return list.length === 0;
    });
    const applied = (await eventsOf('change-request-applied')).filter((e) => ids.includes(e.data.id as number));
    expect(applied.map((e) => e.data.id).sort()).toEqual([...ids].sort());
    const flips = (await eventsOf('feature-environment-enabled')).filter((e) => toggles.includes(e.featureName));
    expect(flips.map((e) => e.featureName).sort()).toEqual([...toggles].sort());
    for (const feature of toggles) expect(await enabled(feature)).toBe(true);
  });
});
