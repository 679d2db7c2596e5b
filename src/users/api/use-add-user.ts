import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { CreatedUserSchema } from '../../../contract/users';
import { api } from '../../shared/api/client';
import { userKeys } from './queries';

export type CreatedUser = Static<typeof CreatedUserSchema>;

export interface NewUser {
  name: string;
  email: string;
  rootRole: number;
  sendEmail: boolean;
}

/** POST api/admin/user-admin: the answer carries `emailSent` and the invite link 'Team member added' shows. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: NewUser) => api.post<CreatedUser>('api/admin/user-admin', user, { layer: 'user' }),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
