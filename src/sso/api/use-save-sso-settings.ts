import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoProvider, SsoSettingsOf } from '../../../contract/sso';
import { api } from '../../shared/api/client';
import { ssoKeys, ssoSettingsPath } from './queries';

/** POST api/admin/auth/{provider}/settings; the answer (secrets masked) becomes the kept settings. */
export function useSaveSsoSettings<P extends SsoProvider>(provider: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SsoSettingsOf[P]) => api.post<SsoSettingsOf[P]>(ssoSettingsPath(provider), settings),
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(ssoKeys.settings(provider), saved),
  });
}
