import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** POST api/admin/environments/validate (name): resolves when the name is free; the form shows a refusal. */
export function useValidateEnvironmentName() {
  return useMutation({
    mutationFn: (name: string) => api.post('api/admin/environments/validate', { name }),
    meta: { inlineErrors: true },
  });
}
