import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../shared/api/client';
import { gettingFailed } from '../shared/api/errors';

export interface Permission {
  permission: string;
  project?: string | null;
}

export interface User {
  id?: number;
  isAPI?: boolean;
  name?: string;
  username?: string;
  email?: string;
  imageUrl?: string;
  rootRole?: number;
  seenAt?: string | null;
  createdAt?: string;
}

export interface Feedback {
  feedbackId: string;
  neverShow?: boolean;
  given?: string | null;
  userId?: number;
}

/** GET api/admin/user */
export interface Session {
  user: User;
  permissions: Permission[];
  feedback?: Feedback[];
  splash?: Record<string, boolean>;
}

export const ADMIN = 'ADMIN';

/** An admin is known once the permission list is non-empty and contains ADMIN (part 2 section 6). */
export function isAdmin(permissions: Permission[] | undefined): boolean {
  return (permissions ?? []).some((p) => p.permission === ADMIN);
}

export const userQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async () => {
    try {
      return await api.get<Session>('api/admin/user');
    } catch (error) {
      throw gettingFailed('user', error);
    }
  },
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(userQuery);
}

export function useIsAdmin(): boolean {
  return isAdmin(useSession().data?.permissions);
}
