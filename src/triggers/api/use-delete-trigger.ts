import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { triggerKeys, triggersPath, type TriggersOf } from './queries';

/** DELETE .../features/{name}/triggers/{id}: its URL stops working; the confirmation shows a refusal. */
export function useDeleteTrigger(of: TriggersOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(triggersPath(of, id)),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: triggerKeys.of(of) }),
  });
}
