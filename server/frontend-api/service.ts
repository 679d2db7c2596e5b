import { hostname } from 'node:os';
import type { FrontendToggle } from '../../contract/frontend-api.ts';
import { ANY_ORIGIN } from '../../contract/frontend-api.ts';
import {
  evaluateAll,
  type EvaluationContext,
  type EvaluationOptions,
  type EvaluationState,
} from '../../contract/evaluation/index.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import type { Revisions } from '../platform/revisions/revisions.ts';
import { cleanOrigins } from './rules.ts';
import { lockOrigins, readOrigins, writeOrigins } from './store.ts';

/** Every origin may call the frontend API until an admin narrows it (Unleash's default). */
const DEFAULT_ORIGINS = [ANY_ORIGIN];

/**
 * How toggles are evaluated for SDKs here: applicationHostname strategies compare with this server's host name, as
 * the SDK inside Unleash sees it.
 */
export const evaluationOptions: EvaluationOptions = {
  hostname: (process.env.HOSTNAME || hostname() || 'undefined').toLowerCase(),
};

/** The allowed origins, read once per revision (a change through any process bumps it). */
export class OriginsCache {
  #kept: { revision: number; origins: string[] } | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, 'db'>,
    private readonly revisions: Revisions,
  ) {}

  async get(): Promise<string[]> {
    if (this.#kept && this.revisions.isCurrent(this.#kept.revision)) return this.#kept.origins;
    const revision = this.revisions.current;
    const origins = (await readOrigins(this.deps.db)) ?? DEFAULT_ORIGINS;
    this.#kept = { revision, origins };
    return origins;
  }
}

export const currentOrigins = async (deps: Pick<AppDeps, 'db'>) => (await readOrigins(deps.db)) ?? DEFAULT_ORIGINS;

/** POST api/admin/ui-config/cors: the new list, audited (frontend-settings-updated) in the change's transaction. */
export async function setOrigins(deps: Pick<AppDeps, 'db'>, actor: string, sent: readonly string[]): Promise<void> {
  const origins = cleanOrigins(sent);
  await deps.db.transaction(async (tx) => {
    const before = (await lockOrigins(tx)) ?? DEFAULT_ORIGINS;
    await writeOrigins(tx, origins);
    await appendEvent(tx, {
      type: 'frontend-settings-updated',
      createdBy: actor,
      data: { frontendApiOrigins: origins },
      preData: { frontendApiOrigins: before },
    });
  });
}

/** The enabled toggles of a state for a context, each with its variant, as the frontend API lists them. */
export function frontendToggles(state: EvaluationState, context: EvaluationContext): FrontendToggle[] {
  return evaluateAll(state, context, evaluationOptions)
    .filter((e) => e.enabled)
    .map((e) => ({ name: e.name, enabled: true, variant: e.variant, impressionData: e.impressionData }));
}
