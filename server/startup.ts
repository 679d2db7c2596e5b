import type { AppDeps } from './deps.ts';
import { createInitTokens } from './api-tokens/index.ts';
import { preparePush } from './push/index.ts';
import { createFirstAdmin } from './users/index.ts';

/**
 * First-start work: the admin user, the INIT_*_API_TOKENS and Web Push's VAPID keys. Cheap on later starts. Returns
 * the admin's credentials when this start created the admin (the caller prints them once), else null.
 */
export async function prepareInstance(deps: Pick<AppDeps, 'db' | 'config'>) {
  const admin = await createFirstAdmin(deps);
  await createInitTokens(deps);
  await preparePush(deps);
  return admin;
}
