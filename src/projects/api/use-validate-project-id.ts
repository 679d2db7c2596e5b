import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** POST api/admin/projects/validate: resolves when the id is free and usable; the form shows the server's reason. */
export function useValidateProjectId() {
  return useMutation({
    mutationFn: (id: string) => api.post('api/admin/projects/validate', { id }),
    meta: { inlineErrors: true },
  });
}
