/**
 * Context fields: the list is reference data the console keeps offline (GET api/admin/context), which the strategy,
 * segment and variant editors read too; the writes, online only, are one use-<verb>-context-field.ts each.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContextField } from '../rules';

export const contextKeys = { all: ['context'] as const };

/** GET api/admin/context answers a bare array. */
export const contextFieldsQuery = queryOptions({
  queryKey: contextKeys.all,
  queryFn: () => api.get<ContextField[]>('api/admin/context'),
  staleTime: 60_000,
});

export function useContextFields() {
  return useQuery(contextFieldsQuery);
}

/** The API path of one context field. */
export const contextFieldPath = (name: string) => `api/admin/context/${encodeURIComponent(name)}`;
