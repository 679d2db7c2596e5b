import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { userKeys, userPath } from './queries';

/** PUT api/admin/user-admin/{id} (name, email, rootRole). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; name: string; email: string; rootRole: number }) =>
      api.put(userPath(id), changes, { layer: 'user' }),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
