import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { gettingFailed } from '../../shared/api/errors';

export interface VersionInfo {
  current?: { oss?: string; enterprise?: string };
  latest?: { oss?: string; enterprise?: string };
  isLatest?: boolean;
  instanceId?: string;
}

export interface Announcement {
  id: string;
  severity?: 'info' | 'success' | 'warning' | 'error';
  message: string;
  link?: string;
}

/** GET api/admin/ui-config. A real Unleash 4.2 omits name, slogan and flags: every field but a few is optional. */
export interface UiConfigResponse {
  name?: string;
  version?: string;
  slogan?: string;
  environment?: string;
  authenticationType?: string;
  unleashUrl?: string;
  baseUriPath?: string;
  flags?: Record<string, boolean>;
  links?: { value: string; icon?: string; href: string; title?: string }[];
  headerBackground?: string;
  versionInfo?: VersionInfo;
  announcement?: Announcement;
}

export interface UiConfig extends UiConfigResponse {
  name: string;
  version: string;
  flags: Record<string, boolean>;
}

/** Defaults for fields a server may leave out (version defaults to '3.x'). */
export function withDefaults(config: UiConfigResponse): UiConfig {
  return { ...config, name: config.name ?? 'Unleash', version: config.version ?? '3.x', flags: config.flags ?? {} };
}

export const uiConfigQuery = queryOptions({
  queryKey: ['ui-config'],
  queryFn: async () => {
    try {
      return withDefaults(await api.get<UiConfigResponse>('api/admin/ui-config'));
    } catch (error) {
      throw gettingFailed('config', error);
    }
  },
  staleTime: 60_000,
});

export function useUiConfig() {
  return useQuery(uiConfigQuery);
}
