import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { userPath } from './queries';

/** POST api/admin/user-admin/{id}/change-password: an admin sets someone's password (their sessions end). */
export function useChangeUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api.post(`${userPath(id)}/change-password`, { password }, { layer: 'user' }),
    meta: { inlineErrors: true },
  });
}
