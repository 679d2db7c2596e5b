/** API tokens: the read (the writes, online only: one use-<verb>-api-token.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken as WireApiToken } from '../../../contract/api-tokens';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

/** GET api/admin/api-tokens: a real Unleash 4.2 sends no `expiresAt` before one is set. */
export type ApiToken = Received<WireApiToken, 'secret' | 'username' | 'type' | 'project' | 'environment'>;

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

/** Every token with its secret: only admins may read them (a 403 for anyone else). */
export const apiTokensQuery = queryOptions({
  queryKey: apiTokenKeys.all,
  queryFn: async () => (await api.get<{ tokens: ApiToken[] }>('api/admin/api-tokens')).tokens,
  staleTime: 10_000,
});

/** The token list, asked only when `enabled` (the caller may read it). */
export function useApiTokens(enabled: boolean) {
  return useQuery({ ...apiTokensQuery, enabled, meta: { inlineErrors: true } });
}

/** The API path of one token. */
export const apiTokenPath = (secret: string) => `api/admin/api-tokens/${encodeURIComponent(secret)}`;
