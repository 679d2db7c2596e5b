import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordLoginSettings } from '../../../contract/sso';
import { api } from '../../shared/api/client';
import { PASSWORD_LOGIN_PATH, passwordLoginQuery } from './queries';

/** POST api/admin/auth/simple/settings; the answer becomes the kept setting. */
export function useSavePasswordLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PasswordLoginSettings) => api.post<PasswordLoginSettings>(PASSWORD_LOGIN_PATH, settings),
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(passwordLoginQuery.queryKey, saved),
  });
}
