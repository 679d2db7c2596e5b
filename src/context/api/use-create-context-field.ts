import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContextFieldValues } from '../rules';
import { contextKeys } from './queries';

/** POST api/admin/context; the form shows a refusal. */
export function useCreateContextField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (field: ContextFieldValues) => api.post('api/admin/context', field),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextKeys.all }),
  });
}
