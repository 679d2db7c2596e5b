import { TRIGGER_FIRES_PER_MINUTE, type CreateTriggerInput, type CreatedTrigger } from '../../contract/triggers.ts';
import type { AppDeps } from '../deps.ts';
import { findEnvironment } from '../environments/index.ts';
import {
  environmentStates,
  lockToggles,
  requireFeature,
  setEnabledInEnvironment,
  type ToggleWrite,
} from '../features/index.ts';
import { appendEvent } from '../platform/events/store.ts';
import { notFound, validationError } from '../platform/http/errors.ts';
import { environmentsRequiringChangeRequests, projectEnvironmentNames } from '../projects/index.ts';
import {
  hashTriggerSecret,
  newTriggerSecret,
  tooManyFires,
  triggerActor,
  triggerNeedsSkip,
  triggerNotFound,
  triggerUrl,
} from './rules.ts';
import { countCall, deleteTrigger, insertTrigger, listTriggersOf, recordFire, type TriggerRow } from './store.ts';
import { triggerEventData } from './views.ts';

/** The toggle a trigger call names in its path: project and name. */
export interface TogglePath {
  project: string;
  feature: string;
}

/** GET .../features/{name}/triggers: the toggle's triggers, oldest first. */
export async function listTriggers(deps: AppDeps, path: TogglePath): Promise<TriggerRow[]> {
  await requireFeature(deps.db, path.feature, { project: path.project });
  return listTriggersOf(deps.db, path.feature);
}

/**
 * POST .../features/{name}/triggers: a new trigger of the toggle in one of its project's environments; answers its
 * URL, which holds the secret (only the secret's hash is kept). In an environment that takes changes through change
 * requests, the creator must be allowed to skip them: the trigger's calls will not wait for one.
 */
export async function createTrigger(
  deps: AppDeps,
  author: ToggleWrite,
  path: TogglePath,
  input: CreateTriggerInput,
): Promise<CreatedTrigger> {
  const feature = await requireFeature(deps.db, path.feature, { project: path.project, live: true });
  const { environment } = input;
  if (!(await findEnvironment(deps.db, environment))) {
    throw validationError('environment', `"environment" ${environment} does not exist`, environment);
  }
  if (!(await projectEnvironmentNames(deps.db, feature.project)).includes(environment)) {
    const message = `"environment" ${environment} is not enabled in project ${feature.project}`;
    throw validationError('environment', message, environment);
  }
  const gated = await environmentsRequiringChangeRequests(deps.db, feature.project, [environment]);
  if (gated.length > 0 && !(await author.maySkipChangeRequests?.())) {
    throw triggerNeedsSkip(feature.project, environment);
  }
  const secret = newTriggerSecret();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertTrigger(tx, {
      feature: feature.name,
      environment,
      action: input.action,
      description: input.description.trim(),
      secretHash: hashTriggerSecret(secret),
      createdBy: author.actor,
    });
    await appendEvent(tx, {
      type: 'feature-trigger-created',
      createdBy: author.actor,
      featureName: feature.name,
      project: feature.project,
      environment,
      data: triggerEventData(created),
    });
    return created;
  });
  return { id: row.id, url: triggerUrl(deps.config.unleashUrl, secret) };
}

/** DELETE .../features/{name}/triggers/{id}: its URL stops working at once. */
export async function removeTrigger(deps: AppDeps, actor: string, path: TogglePath, id: number): Promise<void> {
  const feature = await requireFeature(deps.db, path.feature, { project: path.project });
  await deps.db.transaction(async (tx) => {
    const row = await deleteTrigger(tx, feature.name, id);
    if (!row) throw notFound(`Could not find trigger with id=${id} of feature toggle ${feature.name}`);
    await appendEvent(tx, {
      type: 'feature-trigger-deleted',
      createdBy: actor,
      featureName: feature.name,
      project: feature.project,
      environment: row.environment,
      preData: triggerEventData(row),
    });
  });
}

/** What a trigger call did: the toggle's state in the environment now, and whether this call changed it. */
export interface Fired {
  feature: string;
  environment: string;
  enabled: boolean;
  changed: boolean;
}

/**
 * POST api/triggers/{secret}: counts the call against the trigger's minute (in the database, before anything else,
 * so calls that fail count too), then sets its toggle on or off in its environment through the toggle rule, as the
 * trigger: an approval given when it was set up, so it passes change requests (the gate records the bypass). A
 * toggle already in that state is left alone (no new version, no toggle event). Every call that went through is an
 * audit event (`feature-trigger-fired`, with `changed`).
 */
export async function fireTrigger(deps: AppDeps, secret: string): Promise<Fired> {
  const counted = await countCall(deps.db, hashTriggerSecret(secret));
  if (!counted) throw triggerNotFound();
  if (counted.calls > TRIGGER_FIRES_PER_MINUTE) throw tooManyFires(counted.secondsLeft);
  const { trigger } = counted;
  const enabled = trigger.action === 'on';
  return deps.db.transaction(async (tx) => {
    const [feature] = await lockToggles(tx, { names: [trigger.feature] });
    if (!feature || feature.archivedAt !== null) throw triggerNotFound();
    const [state] = await environmentStates(tx, [feature.name], trigger.environment);
    const changed = (state?.enabled ?? false) !== enabled;
    const actor = triggerActor(trigger.id);
    if (changed) {
      const write: ToggleWrite = { actor, maySkipChangeRequests: async () => true };
      const path = { project: feature.project, feature: feature.name, environment: trigger.environment };
      await setEnabledInEnvironment({ ...deps, db: tx }, write, path, enabled);
    }
    await recordFire(tx, trigger.id);
    await appendEvent(tx, {
      type: 'feature-trigger-fired',
      createdBy: actor,
      featureName: feature.name,
      project: feature.project,
      environment: trigger.environment,
      data: {
        triggerId: trigger.id,
        project: feature.project,
        featureName: feature.name,
        environment: trigger.environment,
        action: trigger.action,
        description: trigger.description,
        changed,
      },
    });
    return { feature: feature.name, environment: trigger.environment, enabled, changed };
  });
}
