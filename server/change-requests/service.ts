import type {
  ChangeRequest,
  ChangeRequestChangeInput,
  ChangeRequestConfig,
  ChangeRequestConfigInput,
  ChangeRequestState,
} from '../../contract/change-requests.ts';
import { can, type PermissionEntry } from '../../contract/permissions.ts';
import type { AppDeps } from '../deps.ts';
import { requireFeature } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { invalidOperation, notFound } from '../platform/http/errors.ts';
import {
  changeRequestSettings,
  lockChangeRequestSetting,
  requireProject,
  setChangeRequestSetting,
} from '../projects/index.ts';
import {
  findRequest,
  inReviewFor,
  changesOf,
  insertChange,
  replaceChange,
  insertDraft,
  lockDraft,
  partsOf,
  requestsOf,
  updateRequest,
  type ChangeRequestRow,
} from './store.ts';
import { replacesChange, requestNotFound } from './rules.ts';
import { changeRequestView } from './views.ts';

// The commands of change requests; each is one transaction with its audit event.

/** GET .../change-requests/config: every environment of the project with its setting. */
export async function listChangeRequestConfig(deps: AppDeps, project: string): Promise<ChangeRequestConfig[]> {
  await requireProject(deps.db, project);
  return changeRequestSettings(deps.db, project);
}

/** PUT .../environments/{env}/change-requests/config: the environment must be one of the project's (404). */
export async function configureChangeRequests(
  deps: AppDeps,
  actor: string,
  project: string,
  environment: string,
  input: ChangeRequestConfigInput,
): Promise<ChangeRequestConfig> {
  await requireProject(deps.db, project);
  await deps.db.transaction(async (tx) => {
    const before = await lockChangeRequestSetting(tx, project, environment);
    if (!before) throw notFound(`Could not find environment ${environment} in project ${project}`);
    const after = { changeRequestsEnabled: input.changeRequestsEnabled, requiredApprovals: input.requiredApprovals };
    await setChangeRequestSetting(tx, project, environment, after);
    await appendEvent(tx, {
      type: 'change-request-configuration-updated',
      createdBy: actor,
      project,
      environment,
      data: after,
      preData: before,
    });
  });
  const settings = await changeRequestSettings(deps.db, project);
  return settings.find((setting) => setting.environment === environment)!;
}

/** Who acts on a request: a signed-in person (approvals are counted per person). */
export interface Person {
  id: number;
  name: string;
}

/** The approvals each environment of the project needs. */
async function approvalsNeeded(db: Db, project: string) {
  const settings = await changeRequestSettings(db, project);
  return new Map(settings.map((setting) => [setting.environment, setting.requiredApprovals]));
}

/** The requests as the API answers them (all of one project, or `project` read from each). */
async function views(db: Db, rows: ChangeRequestRow[]): Promise<ChangeRequest[]> {
  const parts = await partsOf(
    db,
    rows.map((row) => row.id),
  );
  const needed = new Map<string, Map<string, number>>();
  for (const project of new Set(rows.map((row) => row.project)))
    needed.set(project, await approvalsNeeded(db, project));
  return rows.map((row) => changeRequestView(row, parts, needed.get(row.project)?.get(row.environment) ?? 1));
}

export async function getChangeRequest(db: Db, project: string, id: number): Promise<ChangeRequest> {
  const row = await findRequest(db, project, id);
  if (!row) throw requestNotFound(id);
  return (await views(db, [row]))[0];
}

export async function listChangeRequests(db: Db, project: string, state?: ChangeRequestState) {
  await requireProject(db, project);
  return views(db, await requestsOf(db, project, state));
}

/** The requests In review, in projects where the person may approve, that others made and they have not approved. */
export async function awaitingApprovalBy(db: Db, person: Person, held: readonly PermissionEntry[]) {
  const rows = await inReviewFor(db, person.id);
  return views(
    db,
    rows.filter((row) => can(held, 'APPROVE_CHANGE_REQUEST', row.project)),
  );
}

/**
 * POST .../environments/{env}/change-requests: adds the change to the person's Draft for the project environment
 * (made when they have none), with the toggle's current version, in place of a change it replaces (replacesChange).
 * The environment must take change requests (400), the toggle be a live one of the project (404); the change itself
 * is checked when the request is applied.
 */
export async function addChange(
  deps: AppDeps,
  person: Person,
  project: string,
  environment: string,
  input: ChangeRequestChangeInput,
): Promise<ChangeRequest> {
  const setting = (await listChangeRequestConfig(deps, project)).find((s) => s.environment === environment);
  if (!setting) throw notFound(`Could not find environment ${environment} in project ${project}`);
  if (!setting.changeRequestsEnabled) {
    throw invalidOperation(`Environment ${environment} of project ${project} does not take change requests`);
  }
  const id = await deps.db.transaction(async (tx) => {
    const feature = await requireFeature(tx, input.feature, { project, live: true });
    let draft = await lockDraft(tx, project, environment, person.id);
    const where = { createdBy: person.name, project, environment };
    if (!draft) {
      draft = await insertDraft(tx, { project, environment, createdById: person.id, createdBy: person.name });
      await appendEvent(tx, { type: 'change-request-created', ...where, data: { id: draft.id, state: 'Draft' } });
    } else {
      await updateRequest(tx, draft.id);
    }
    const added = { feature: feature.name, action: input.action, payload: input.payload };
    const held = (await changesOf(tx, draft.id)).find((change) => replacesChange(change, added));
    const change = held
      ? await replaceChange(tx, held.id, { payload: input.payload, featureVersion: feature.version })
      : await insertChange(tx, { changeRequestId: draft.id, ...added, featureVersion: feature.version });
    await appendEvent(tx, {
      type: 'change-added',
      ...where,
      featureName: feature.name,
      data: { changeRequestId: draft.id, id: change.id, action: input.action, payload: input.payload },
    });
    return draft.id;
  });
  return getChangeRequest(deps.db, project, id);
}
