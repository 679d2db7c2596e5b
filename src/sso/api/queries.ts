import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordLoginSettings, SsoProvider, SsoSettingsOf } from '../../../contract/sso';
import { api } from '../../shared/api/client';
import { gettingFailed } from '../../shared/api/errors';

export const ssoKeys = {
  all: ['sso-settings'] as const,
  settings: (provider: SsoProvider) => ['sso-settings', provider] as const,
};

/** The API path of a provider's settings. */
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

/** Unleash's switch of the password sign-in (admins only). */
export const PASSWORD_LOGIN_PATH = 'api/admin/auth/simple/settings';

/** GET api/admin/auth/simple/settings. */
export const passwordLoginQuery = queryOptions({
  queryKey: [...ssoKeys.all, 'simple'] as const,
  queryFn: async () => {
    try {
      return await api.get<PasswordLoginSettings>(PASSWORD_LOGIN_PATH);
    } catch (error) {
      throw gettingFailed('password login settings', error);
    }
  },
});

export const usePasswordLogin = () => useQuery(passwordLoginQuery);
