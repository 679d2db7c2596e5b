import { Type } from 'typebox';
import { FeatureName } from './features.ts';
import { StrategyDefinitionSchema } from './strategies.ts';
import { Timestamp, Nullable } from './wire.ts';

// Wire shapes of toggle usage metrics and the applications (SDKs) that report them (Unleash 4.2 keys; the client
// metrics of one toggle in Unleash's metrics v2 shape).

const AppName = Type.String({ minLength: 1, maxLength: 200 });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

export const ApplicationParams = Type.Object({ appName: AppName });
export const ToggleParams = Type.Object({ name: FeatureName });
export const ApplicationsQuery = Type.Object({ strategyName: Type.Optional(Type.String({ maxLength: 100 })) });
/** POST .../applications/{appName}: one or more metadata fields; appName may repeat the path. */
export const ApplicationMetadataBody = Type.Object({
  appName: Type.Optional(AppName),
  description: Text(1000),
  url: Text(2000),
  color: Text(100),
  icon: Text(100),
});

const Counts = Type.Object({ yes: Type.Integer(), no: Type.Integer() });
const CountsByToggle = Type.Record(Type.String(), Counts);

/** GET api/admin/metrics/feature-toggles: yes/no of the last hour per toggle. */
export const ToggleMetricsSchema = Type.Object({ lastHour: CountsByToggle, lastMinute: CountsByToggle });
/** GET api/admin/metrics/feature-toggles/{name}: `{}` for a toggle nobody reported. */
export const ToggleMetricsOneSchema = Type.Object({
  lastHour: Type.Partial(Counts),
  lastMinute: Type.Partial(Counts),
});

export const SeenTogglesSchema = Type.Array(
  Type.Object({ appName: Type.String(), seenToggles: Type.Array(Type.String()), metricsCount: Type.Integer() }),
);

export const ApplicationSchema = Type.Object({
  appName: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  description: Nullable(Type.String()),
  strategies: Type.Array(Type.String()),
  createdBy: Nullable(Type.String()),
  url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  icon: Nullable(Type.String()),
});
export const SeenAppsSchema = Type.Record(Type.String(), Type.Array(ApplicationSchema));
export const ApplicationListSchema = Type.Object({ applications: Type.Array(ApplicationSchema) });

const InstanceSchema = Type.Object({
  appName: Type.String(),
  instanceId: Type.String(),
  sdkVersion: Nullable(Type.String()),
  clientIp: Nullable(Type.String()),
  lastSeen: Timestamp,
  createdAt: Timestamp,
  environment: Type.String(),
});
/** A strategy an application uses that the server does not define. */
const UnknownStrategySchema = Type.Object({ name: Type.String(), notFound: Type.Literal(true) });

/** GET api/admin/metrics/applications/{appName}. */
export const ApplicationDetailSchema = Type.Object({
  appName: Type.String(),
  createdAt: Timestamp,
  description: Nullable(Type.String()),
  url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  strategies: Type.Array(Type.Union([StrategyDefinitionSchema, UnknownStrategySchema])),
  instances: Type.Array(InstanceSchema),
  seenToggles: Type.Array(Type.String()),
  links: Type.Object({ self: Type.String() }),
});

/** GET api/admin/client-metrics/features/{name}. */
export const FeatureUsageSchema = Type.Object({
  version: Type.Literal(1),
  maturity: Type.String(),
  featureName: Type.String(),
  lastHourUsage: Type.Array(
    Type.Object({ environment: Type.String(), timestamp: Timestamp, yes: Type.Integer(), no: Type.Integer() }),
  ),
  seenApplications: Type.Array(Type.String()),
});

/** GET api/admin/client-metrics/features/{name}/raw: the hourly rows of the last 24 hours. */
export const RawFeatureUsageSchema = Type.Object({
  version: Type.Literal(1),
  maturity: Type.String(),
  data: Type.Array(
    Type.Object({
      featureName: Type.String(),
      appName: Type.String(),
      environment: Type.String(),
      timestamp: Timestamp,
      yes: Type.Integer(),
      no: Type.Integer(),
    }),
  ),
});
