import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Environment as WireEnvironment, EnvironmentType } from '../../../contract/environments';
import { api } from '../../shared/api/client';
import { environmentKeys } from './queries';

export interface NewEnvironment {
  name: string;
  type: EnvironmentType;
}

/** POST api/admin/environments (name, type): answers the created environment; the form shows a refusal. */
export function useCreateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: NewEnvironment) => api.post<WireEnvironment>('api/admin/environments', environment),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  });
}
