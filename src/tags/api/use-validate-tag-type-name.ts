import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** POST api/admin/tag-types/validate: resolves when the name is free; the form shows the server's reason. */
export function useValidateTagTypeName() {
  return useMutation({
    mutationFn: (name: string) => api.post('api/admin/tag-types/validate', { name }),
    meta: { inlineErrors: true },
  });
}
