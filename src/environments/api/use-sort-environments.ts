import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { sortOrderBody } from '../rules';
import { environmentKeys } from './queries';

/** PUT api/admin/environments/sort-order: the names in their new order (positions from 1); refusals are shown. */
export function useSortEnvironments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => api.put('api/admin/environments/sort-order', sortOrderBody(names)),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  });
}
