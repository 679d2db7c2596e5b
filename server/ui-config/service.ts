import type { PermissionEntry } from '../../contract/permissions.ts';
import type { UiBootstrap, UiConfig } from '../../contract/ui-config.ts';
import { contextFieldView, listContextFields } from '../context/index.ts';
import type { AppDeps } from '../deps.ts';
import { FEATURE_TYPES } from '../feature-types/index.ts';
import type { Caller } from '../platform/access/caller.ts';
import { version } from '../platform/version.ts';
import { projectList } from '../project-overview/index.ts';
import { listStrategies, strategyView } from '../strategies/index.ts';
import { listTagTypes, tagTypeResponse } from '../tags/index.ts';
import { currentUser } from '../users/index.ts';
import { instanceId } from './store.ts';

const authenticationTypes = { password: 'open-source', demo: 'demo', none: 'none' } as const;

export async function uiConfig(deps: AppDeps): Promise<UiConfig> {
  deps.instanceId ??= await instanceId(deps.db);
  return {
    name: 'Switchyard',
    version,
    slogan: 'Feature toggles you can steer from anywhere.',
    authenticationType: authenticationTypes[deps.config.authType],
    unleashUrl: deps.config.unleashUrl,
    baseUriPath: deps.config.baseUriPath,
    flags: { P: true, C: true, E: true },
    links: [
      {
        value: 'Documentation',
        icon: 'library_books',
        href: 'https://docs.getunleash.io/docs',
        title: 'User documentation',
      },
      {
        value: 'Admin API',
        icon: 'code',
        href: 'https://docs.getunleash.io/api/admin/features',
        title: 'The admin API this server implements',
      },
    ],
    versionInfo: {
      current: { oss: version, enterprise: '' },
      latest: {},
      isLatest: true,
      instanceId: deps.instanceId,
    },
  };
}

/** Everything the console needs at start, in one call. */
export async function uiBootstrap(deps: AppDeps, caller: Caller, permissions: PermissionEntry[]): Promise<UiBootstrap> {
  const [config, me, projects, context, tagTypes, strategies] = await Promise.all([
    uiConfig(deps),
    currentUser(deps, caller, permissions),
    projectList(deps.db),
    listContextFields(deps.db),
    listTagTypes(deps.db),
    listStrategies(deps.db),
  ]);
  return {
    uiConfig: config,
    user: { ...me.user, permissions: me.permissions, feedback: me.feedback, splash: me.splash },
    email: false,
    context: context.map(contextFieldView),
    featureTypes: [...FEATURE_TYPES],
    tagTypes: tagTypes.map(tagTypeResponse),
    strategies: strategies.map(strategyView),
    projects,
  };
}
