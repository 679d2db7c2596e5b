import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoProvider, SsoSettingsOf } from '../../../contract/sso';
import { api } from '../../shared/api/client';
import { gettingFailed } from '../../shared/api/errors';

export const ssoKeys = {
  all: ['sso-settings'] as const,
  settings: (provider: SsoProvider) => ['sso-settings', provider] as const,
};

/** The API path of a provider's settings (part 2 section 7). */
export const ssoSettingsPath = (provider: SsoProvider) => `api/admin/auth/${provider}/settings`;

/** GET api/admin/auth/{provider}/settings (admins only; secrets come masked). */
export const ssoSettingsQuery = <P extends SsoProvider>(provider: P) =>
  queryOptions({
    queryKey: ssoKeys.settings(provider),
    queryFn: async () => {
      try {
        return await api.get<SsoSettingsOf[P]>(ssoSettingsPath(provider));
      } catch (error) {
        throw gettingFailed('single sign-on settings', error);
      }
    },
  });

export function useSsoSettings<P extends SsoProvider>(provider: P, enabled = true) {
  return useQuery({ ...ssoSettingsQuery(provider), enabled });
}
