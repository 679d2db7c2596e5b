import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, jsonList, timestampTz } from '../platform/db/columns.ts';

/**
 * Applications that registered through the client API (SDKs). This table and the next two are owned by metrics,
 * which reads them for the admin API; the client API records what SDKs report through metrics/index.ts.
 */
export const clientApplications = pgTable('client_applications', {
  appName: text('app_name').primaryKey(),
  strategies: jsonList('strategies'),
  description: text('description'),
  url: text('url'),
  color: text('color'),
  icon: text('icon'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const clientInstances = pgTable(
  'client_instances',
  {
    appName: text('app_name').notNull(),
    instanceId: text('instance_id').notNull(),
    environment: text('environment').notNull().default('default'),
    sdkVersion: text('sdk_version'),
    clientIp: text('client_ip'),
    lastSeen: timestampTz('last_seen').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appName, t.instanceId, t.environment] })],
);

/** Toggle evaluation counts reported by SDKs, summed per hour. */
export const clientMetricsHourly = pgTable(
  'client_metrics_hourly',
  {
    featureName: text('feature_name').notNull(),
    appName: text('app_name').notNull(),
    environment: text('environment').notNull(),
    hour: timestampTz('hour').notNull(),
    yes: integer('yes').notNull().default(0),
    no: integer('no').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.featureName, t.appName, t.environment, t.hour] }),
    index('client_metrics_hourly_hour_idx').on(t.hour),
  ],
);
