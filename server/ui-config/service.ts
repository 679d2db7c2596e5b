import { readFileSync } from 'node:fs';
import type { AppDeps } from '../deps.ts';
import type { Caller } from '../auth/service.ts';
import { contextFieldResponse } from '../context/service.ts';
import { listContextFields } from '../context/store.ts';
import { FEATURE_TYPES } from '../feature-types/types.ts';
import { projectList } from '../projects/service.ts';
import { strategyResponse } from '../strategies/service.ts';
import { listStrategies } from '../strategies/store.ts';
import { tagTypeResponse } from '../tags/service.ts';
import { listTagTypes } from '../tags/store.ts';
import { currentUser } from '../users/service.ts';
import { instanceId } from './store.ts';

export const version: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

const authenticationTypes = { password: 'open-source', demo: 'demo', none: 'none' } as const;

export async function uiConfig(deps: AppDeps) {
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

export async function uiBootstrap(deps: AppDeps, caller: Caller) {
  const [config, me, projects, context, tagTypes, strategies] = await Promise.all([
    uiConfig(deps),
    currentUser(deps, caller),
    projectList(deps.db),
    listContextFields(deps.db),
    listTagTypes(deps.db),
    listStrategies(deps.db),
  ]);
  return {
    uiConfig: config,
    user: { ...me.user, permissions: me.permissions, feedback: me.feedback, splash: me.splash },
    email: false,
    context: context.map(contextFieldResponse),
    featureTypes: FEATURE_TYPES,
    tagTypes: tagTypes.map(tagTypeResponse),
    strategies: strategies.map(strategyResponse),
    projects,
  };
}
