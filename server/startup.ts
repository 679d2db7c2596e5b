import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app.ts';
import { createInitTokens } from './api-tokens/service.ts';
import { createFirstAdmin } from './users/service.ts';

/** First-start work: the admin user (credentials printed once) and the INIT_*_API_TOKENS. Cheap on later starts. */
export async function prepareInstance(deps: Pick<AppDeps, 'db' | 'config'>, log: Pick<FastifyBaseLogger, 'info'>) {
  const admin = await createFirstAdmin(deps);
  if (admin) {
    const password = admin.password ?? '(the value of UNLEASH_DEFAULT_ADMIN_PASSWORD)';
    log.info(
      `Created the first admin user. Sign in with username: ${admin.username} password: ${password} ` +
        '(printed only once: change it after signing in)',
    );
  }
  await createInitTokens(deps);
}
