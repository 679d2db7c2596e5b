import type { FeatureRow } from '../features/index.ts';
import type { ApplicationRow, InstanceRow } from './store.ts';

/** An application in the lists (Unleash 4 keys and order). */
export const applicationView = (a: ApplicationRow) => ({
  appName: a.appName,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  description: a.description,
  strategies: a.strategies,
  createdBy: a.createdBy,
  url: a.url,
  color: a.color,
  icon: a.icon,
});

/** What an audit event records of an application. */
export const applicationEventData = (a: ApplicationRow) => ({
  appName: a.appName,
  description: a.description,
  url: a.url,
  color: a.color,
  icon: a.icon,
  strategies: a.strategies,
});

/** An instance of an application (Unleash 4 keys). */
export const instanceView = (i: InstanceRow) => ({
  appName: i.appName,
  instanceId: i.instanceId,
  sdkVersion: i.sdkVersion,
  clientIp: i.clientIp,
  lastSeen: i.lastSeen,
  createdAt: i.createdAt,
  environment: i.environment,
});

/** A live toggle an application used (Unleash 4's toggle row, without variants). */
export const seenToggleView = (f: FeatureRow) => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  stale: f.stale,
  createdAt: f.createdAt,
  lastSeenAt: f.lastSeenAt,
});
