import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError } from '../platform/http/errors.ts';
import { mayHaveChanged } from '../platform/revisions/revisions.ts';
import { applyChanges, applyRequest, type Conflict, type VersionedChange } from './apply.ts';
import { conflictError, SCHEDULE_CHANGE } from './rules.ts';
import {
  claimDue,
  lockRequest,
  nextDueInMs,
  updateRequest,
  type ChangeRequestRow,
  type ClaimedRequest,
} from './store.ts';
import { missingApprovals } from './transitions.ts';

/** Requests leased at once (few, so that processes share what falls due together); each applied on its own. */
const BATCH = 10;
/** Longer than applying one request can take; a scheduler that dies leaves its requests due again after it. */
const LEASE_MS = 60_000;
/** The longest sleep: schedules another process made unheard (its announcement lost), and its leases running out. */
const MAX_WAIT_MS = 60_000;

/**
 * Records that what was due could not be done: a Scheduled request is Approved again (its window dropped), an
 * applied one keeps its changes without their reverse; with the reason, audited.
 */
async function scheduleFailed(tx: Db, row: ChangeRequestRow, reason: string, conflict: Conflict | null = null) {
  await updateRequest(tx, row.id, {
    ...(row.state === 'Scheduled' ? { state: 'Approved', revertAt: null } : {}),
    dueAt: null,
    conflict,
    scheduleFailure: { at: new Date().toISOString(), reason },
  });
  const where = { id: row.id, project: row.project, environment: row.environment };
  await appendEvent(tx, {
    type: 'change-request-schedule-failed',
    createdBy: row.createdBy,
    project: row.project,
    environment: row.environment,
    data: { ...where, reason },
    preData: { id: row.id, state: row.state },
  });
}

/** Applies a Scheduled request at its time, in its author's name, with what an apply by a person checks. */
async function applyDue(deps: AppDeps, tx: Db, row: ChangeRequestRow): Promise<void> {
  const missing = await missingApprovals(tx, row);
  if (missing) return scheduleFailed(tx, row, missing);
  const { conflict, update } = await applyRequest(deps, tx, row.createdBy, row);
  if (conflict) return scheduleFailed(tx, row, conflictError(conflict).message, conflict);
  await updateRequest(tx, row.id, { state: 'Applied', dueAt: null, ...update });
  await appendEvent(tx, {
    type: 'change-request-applied',
    createdBy: row.createdBy,
    project: row.project,
    environment: row.environment,
    data: { id: row.id, state: 'Applied', scheduledAt: row.scheduledAt, revertAt: row.revertAt },
    preData: { id: row.id, state: row.state },
  });
}

/** Applies the reverse of an applied request at the end of its window, against the versions its apply left. */
async function revertDue(deps: AppDeps, tx: Db, row: ChangeRequestRow): Promise<void> {
  const conflict = await applyChanges(deps, tx, row.createdBy, row, row.revert as VersionedChange[], true);
  if (conflict) return scheduleFailed(tx, row, conflictError(conflict).message, conflict);
  await updateRequest(tx, row.id, { revertedAt: new Date(), dueAt: null });
  await appendEvent(tx, {
    type: 'change-request-reverted',
    createdBy: row.createdBy,
    project: row.project,
    environment: row.environment,
    data: { id: row.id, state: row.state, revertAt: row.revertAt, revert: row.revert },
  });
}

/**
 * Does what is due of a claimed request, in one transaction: applies a Scheduled one, or the reverse of an applied one
 * at its window's end, or records why it could not. Nothing happens when the request moved since the claim (its
 * version differs): another scheduler whose lease ran out did it meanwhile, or a person cancelled, applied or
 * rescheduled it; so each is done exactly once. A refused change (ApiError) fails the request; any other error is
 * thrown and the request is tried again when its lease runs out.
 */
export async function runClaimed(deps: AppDeps, claimed: ClaimedRequest): Promise<void> {
  const locked = async (tx: Db) => {
    const row = await lockRequest(tx, claimed.project, claimed.id);
    const due = row?.state === 'Scheduled' || (row?.state === 'Applied' && row.revert && !row.revertedAt);
    return due && row.version === claimed.version ? row : undefined;
  };
  try {
    await deps.db.transaction(async (tx) => {
      const row = await locked(tx);
      if (row) await (row.state === 'Scheduled' ? applyDue(deps, tx, row) : revertDue(deps, tx, row));
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await deps.db.transaction(async (tx) => {
      const row = await locked(tx);
      if (row) await scheduleFailed(tx, row, error.message);
    });
  }
}

/**
 * Applies scheduled change requests when they are due, in every process (each takes due ones by lease): on start
 * (what fell due while no process ran), then when the next one is due, by one indexed query, sleeping at most
 * MAX_WAIT_MS; a schedule made by any process wakes it (the change announces SCHEDULE_CHANGE).
 */
export class ChangeRequestScheduler {
  readonly #deps: AppDeps;
  readonly #log: FastifyBaseLogger;
  readonly #changed: () => void;
  #running = false;
  #busy: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  /** `changed`: called after each request it took (its changes committed): the app's revisions are bumped. */
  constructor(deps: AppDeps, log: FastifyBaseLogger, changed: () => void) {
    this.#deps = deps;
    this.#log = log;
    this.#changed = changed;
  }

  start(): void {
    this.#running = true;
    this.wake();
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#busy;
  }

  /** Applies what is due, then sleeps until the next due time (a wake while busy runs once more after). */
  wake(): void {
    if (!this.#running) return;
    if (this.#busy) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#busy = this.#run().finally(() => {
      this.#busy = undefined;
      if (this.#again) this.wake();
    });
  }

  async #run(): Promise<void> {
    this.#again = false;
    let wait = MAX_WAIT_MS;
    try {
      let claimed: ClaimedRequest[];
      do {
        claimed = await claimDue(this.#deps.db, BATCH, LEASE_MS);
        for (const request of claimed) await this.#apply(request);
      } while (claimed.length === BATCH && this.#running);
      wait = Math.min((await nextDueInMs(this.#deps.db)) ?? MAX_WAIT_MS, MAX_WAIT_MS);
    } catch (error) {
      this.#log.error({ err: error }, 'scheduled change requests could not be claimed; trying again later');
    }
    if (this.#running) this.#timer = setTimeout(() => this.wake(), wait).unref();
  }

  async #apply(request: ClaimedRequest): Promise<void> {
    try {
      await runClaimed(this.#deps, request);
    } catch (error) {
      this.#log.error({ err: error, changeRequest: request.id }, 'a scheduled change request could not be applied');
    }
    // No request did this write: without a bump, SDKs, event streams and push would not hear of it on PGlite.
    this.#changed();
  }
}

/** Runs the scheduler with the app: from ready to close, woken by every change that announces a schedule. */
export function registerChangeRequestSchedule(app: FastifyInstance, deps: AppDeps): void {
  const scheduler = new ChangeRequestScheduler(deps, app.log, () => app.revisions.bump());
  app.revisions.onBump((changed) => {
    if (mayHaveChanged(changed, SCHEDULE_CHANGE)) scheduler.wake();
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
