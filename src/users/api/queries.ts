/** Users (admin): the read; the writes, online only, one use-<verb>-user.ts each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminUserSchema, RootRoleSchema } from '../../../contract/users';
import { api } from '../../shared/api/client';

export type AdminUser = Static<typeof AdminUserSchema>;
export type RootRole = Static<typeof RootRoleSchema>;

export const userKeys = {
  all: ['user-admin'] as const,
};

/** GET api/admin/user-admin (admins only): every user and the root roles. */
export const usersQuery = queryOptions({
  queryKey: userKeys.all,
  queryFn: () => api.get<{ users: AdminUser[]; rootRoles: RootRole[] }>('api/admin/user-admin', { layer: 'user' }),
  staleTime: 10_000,
});

export function useUsers() {
  return useQuery(usersQuery);
}

/** The API path of one user. */
export const userPath = (id: number) => `api/admin/user-admin/${id}`;
