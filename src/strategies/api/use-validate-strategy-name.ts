import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** The server's check of a new definition's name; the form shows a refusal. */
export function useValidateStrategyName() {
  return useMutation({
    mutationFn: (name: string) => api.post('api/admin/strategies/validate', { name }),
    meta: { inlineErrors: true },
  });
}
