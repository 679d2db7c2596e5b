import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedTrigger, CreateTriggerInput } from '../../../contract/triggers';
import { api } from '../../shared/api/client';
import { triggerKeys, triggersPath, type TriggersOf } from './queries';

/** POST .../features/{name}/triggers: answers the trigger's URL, shown this once; the form shows a refusal. */
export function useCreateTrigger(of: TriggersOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTriggerInput) => api.post<CreatedTrigger>(triggersPath(of), body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.of(of) }),
  });
}
