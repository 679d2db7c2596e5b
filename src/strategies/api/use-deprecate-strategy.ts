import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { strategyKeys, strategyPath } from './queries';

export function useDeprecateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`${strategyPath(name)}/deprecate`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: strategyKeys.definitions }),
  });
}
