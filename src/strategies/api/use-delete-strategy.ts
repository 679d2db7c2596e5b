import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { strategyKeys, strategyPath } from './queries';

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(strategyPath(name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: strategyKeys.definitions }),
  });
}
