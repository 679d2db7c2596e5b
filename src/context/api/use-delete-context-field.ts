import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { contextFieldPath, contextKeys } from './queries';

/** DELETE api/admin/context/{name}; a failure shows as an error toast. */
export function useDeleteContextField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(contextFieldPath(name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contextKeys.all }),
  });
}
