// bench/change-requests: what change requests cost the real server (`npm start`'s process, PGlite), through the API.
//  - apply: one PUT .../state {state: Applied} of a request of 100 changes (100 toggles switched in production, one
//    transaction), median of 5 rounds. Baseline in the same run: the same 100 switches made directly, one call each,
//    in an environment without change requests.
//  - schedule: 1,000 approved requests (one change each) scheduled at the same instant, the start of a minute: the
//    time from that instant to the last one applied (the newest change-request-applied event's time, by the server's
//    clock), and that each was applied exactly once (one applied event per request, one switch per toggle). Baseline
//    in the same run: 100 such requests applied by hand, one PUT after another (time per request).
// Targets: the 1,000 all applied within the minute they fall due, each once.
import { startServer } from '../tests/support/server.ts';
import { sessionCookie } from '../tests/support/session.ts';
import { adminCookie, median, sessionHeaders } from './support.ts';

const CHANGES = 100;
const ROUNDS = 5;
const SCHEDULED = Number(process.env.BENCH_SCHEDULED ?? 1000);
const BY_HAND = 100;
const PROJECT = 'api/admin/projects/default';
const PASSWORD = 'Bench-Author-Passw0rd!';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

function caller(url: string, cookie: string): Call {
  return async (method, path, body) => {
    const response = await fetch(`${url}/${path}`, {
      method,
      headers: { ...sessionHeaders(cookie), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** Runs `work(i)` for i < count with eight calls in flight. */
async function inParallel(count: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const toggle = (prefix: string, i: number) => `bench.${prefix}-${String(i).padStart(5, '0')}`;

export async function changeRequestsBench(): Promise<boolean> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const admin = caller(server.url, await adminCookie(server.url));
    await admin('POST', 'api/admin/user-admin', { email: 'author@example.com', rootRole: 2, password: PASSWORD });
    const author = caller(server.url, await sessionCookie(server.url, 'author@example.com', PASSWORD));
    await admin('PUT', `${PROJECT}/environments/production/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    const draft = `${PROJECT}/environments/production/change-requests`;
    const state = (id: number) => `${PROJECT}/change-requests/${id}/state`;
    /** An approved request of the author switching each named toggle in production. */
    const approved = async (names: string[], enabled: boolean) => {
      let id = 0;
      for (const feature of names) {
        id = (await author('POST', draft, { feature, action: 'updateEnabled', payload: { enabled } })).body.id;
      }
      await author('PUT', state(id), { state: 'In review' });
      await admin('PUT', state(id), { state: 'Approved' });
      return id;
    };

    // apply: 100 changes in one request, against the same 100 switches made directly (in development).
    const names = Array.from({ length: CHANGES }, (_, i) => toggle('apply', i));
    await inParallel(CHANGES, (i) => admin('POST', `${PROJECT}/features`, { name: names[i] }));
    const applyMs: number[] = [];
    const directMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const enabled = round % 2 === 0;
      const id = await approved(names, enabled);
      let start = performance.now();
      await author('PUT', state(id), { state: 'Applied' });
      applyMs.push(performance.now() - start);
      start = performance.now();
      for (const name of names) {
        await admin('POST', `${PROJECT}/features/${name}/environments/development/${enabled ? 'on' : 'off'}`);
      }
      directMs.push(performance.now() - start);
    }

    // schedule: the baseline first (requests applied by hand), then 1,000 due at the same instant.
    const byHand = Array.from({ length: BY_HAND }, (_, i) => toggle('by-hand', i));
    const scheduled = Array.from({ length: SCHEDULED }, (_, i) => toggle('scheduled', i));
    await inParallel(BY_HAND + SCHEDULED, (i) =>
      admin('POST', `${PROJECT}/features`, { name: i < BY_HAND ? byHand[i] : scheduled[i - BY_HAND] }),
    );
    const handIds: number[] = [];
    for (const name of byHand) handIds.push(await approved([name], true));
    const start = performance.now();
    for (const id of handIds) await author('PUT', state(id), { state: 'Applied' });
    const byHandMs = (performance.now() - start) / BY_HAND;

    const ids: number[] = [];
    // One after another: a person has one Draft per environment, which each request starts as.
    for (const name of scheduled) ids.push(await approved([name], true));
    const due = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const seedStart = performance.now();
    await inParallel(SCHEDULED, (i) => author('PUT', state(ids[i]), { state: 'Scheduled', scheduledAt: due }));
    const scheduleSeconds = (performance.now() - seedStart) / 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now())));
    const deadline = Date.now() + 180_000;
    let left = SCHEDULED;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      left = (await admin('GET', `${PROJECT}/change-requests?state=Scheduled`)).body.length;
    }
    const applied = (await admin('GET', 'api/admin/events?type=change-request-applied&limit=1000')).body.events.filter(
      (e: { data: { id: number } }) => ids.includes(e.data.id),
    );
    const flips = (
      await admin('GET', `api/admin/events?type=feature-environment-enabled&limit=1000&project=default`)
    ).body.events.filter((e: { featureName: string }) => e.featureName.startsWith('bench.scheduled'));
    const lastMs = Math.max(...applied.map((e: { createdAt: string }) => new Date(e.createdAt).getTime()));
    const allMs = lastMs - due.getTime();
    const once =
      left === 0 &&
      new Set(applied.map((e: { data: { id: number } }) => e.data.id)).size === SCHEDULED &&
      applied.length === SCHEDULED &&
      flips.length === SCHEDULED;

    const apply = median(applyMs);
    const direct = median(directMs);
    console.log('bench/change-requests (real server, PGlite, median of 5 rounds where repeated)');
    console.log(
      `  apply: a request of ${CHANGES} changes applied in ${apply.toFixed(0)} ms; the same ${CHANGES} changes made ` +
        `directly ${direct.toFixed(0)} ms (x${(apply / direct).toFixed(2)})`,
    );
    console.log(
      `  schedule: ${SCHEDULED} requests due at ${due.toISOString()} all applied ${(allMs / 1000).toFixed(1)} s after ` +
        `(${(allMs / SCHEDULED).toFixed(1)} ms a request, x${(allMs / SCHEDULED / byHandMs).toFixed(2)} the ` +
        `${byHandMs.toFixed(1)} ms of one applied by hand); ${applied.length} applied events, ${flips.length} ` +
        `switches${once ? ', each once' : ': NOT each once'} (scheduling them took ${scheduleSeconds.toFixed(1)} s)`,
    );
    console.log('  targets: all applied within the minute they fall due, each once');
    return once && allMs < 60_000;
  } finally {
    await server.stop();
  }
}
