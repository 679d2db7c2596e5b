import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQuery, type Session } from '../../auth/user';
import { api } from '../../shared/api/client';

/** A failed splash call is only logged. */
export const SPLASH_FAILED_LOG = 'An exception was caught and handled';

/**
 * POST api/admin/splash/{name}: marks a walkthrough seen (sent when it opens). The kept session learns it at once,
 * so the walkthrough does not open again; a failure is only logged.
 */
export function useMarkSplashSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`api/admin/splash/${encodeURIComponent(name)}`),
    meta: { inlineErrors: true },
    onSuccess: (_answer, name) =>
      queryClient.setQueryData<Session>(userQuery.queryKey, (session) =>
        session ? { ...session, splash: { ...session.splash, [name]: true } } : session,
      ),
    onError: (error) => console.error(SPLASH_FAILED_LOG, error),
  });
}
