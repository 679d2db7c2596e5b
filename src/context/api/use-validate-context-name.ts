import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** POST api/admin/context/validate: resolves when the name is free; the form shows the server's reason. */
export function useValidateContextName() {
  return useMutation({
    mutationFn: (name: string) => api.post('api/admin/context/validate', { name }),
    meta: { inlineErrors: true },
  });
}
