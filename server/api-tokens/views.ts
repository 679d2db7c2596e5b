import type { ApiToken } from '../../contract/api-tokens.ts';
import type { ApiTokenRow } from './store.ts';

/** The token as the API shows it (the secret is shown: the console lists and copies it, as Unleash does). */
export const tokenView = (t: ApiTokenRow): ApiToken => ({
  secret: t.secret,
  username: t.username,
  type: t.type,
  environment: t.environment,
  project: t.project,
  expiresAt: t.expiresAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
});

/** What an audit event records about a token: never the secret. */
export const tokenEventData = (t: ApiTokenRow) => ({
  username: t.username,
  type: t.type,
  project: t.project,
  environment: t.environment,
  expiresAt: t.expiresAt,
});
