import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../shared/api/client';
import { isAdmin, type PermissionEntry } from '../../contract/permissions';
import { gettingFailed } from '../shared/api/errors';

export interface User {
  id?: number;
  isAPI?: boolean;
  name?: string;
  username?: string;
  email?: string;
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
  permissions: PermissionEntry[];
  feedback?: Feedback[];
  splash?: Record<string, boolean>;
}

/** How the console names a person: name, else e-mail, else user name. */
export function userLabel(user: User | undefined): string {
  return user?.name || user?.email || user?.username || '';
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
