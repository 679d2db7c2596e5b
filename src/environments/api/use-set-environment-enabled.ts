import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { environmentKeys, environmentPath } from './queries';

/**
 * POST api/admin/environments/{name}/on and /off: the environment globally (SDKs get every toggle off in a disabled
 * one); the feature list's columns follow the refreshed environments. The screen shows a refusal.
 */
export function useSetEnvironmentEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      api.post(`${environmentPath(name)}/${enabled ? 'on' : 'off'}`),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  });
}
