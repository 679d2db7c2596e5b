import type { ChangeRequestConfig, ChangeRequestConfigInput } from '../../contract/change-requests.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { notFound } from '../platform/http/errors.ts';
import {
  changeRequestSettings,
  lockChangeRequestSetting,
  requireProject,
  setChangeRequestSetting,
} from '../projects/index.ts';

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
