import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContextFieldValues } from '../rules';
import { contextFieldPath, contextKeys } from './queries';

/** PUT api/admin/context/{name} (the name never changes); the form shows a refusal. */
export function useUpdateContextField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (field: ContextFieldValues) => api.put(contextFieldPath(field.name), field),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextKeys.all }),
  });
}
