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

/** A registered application in the lists. */
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
/** A strategy or toggle an application uses that the server does not define (or, for a toggle, has archived). */
const NotFoundSchema = Type.Object({ name: Type.String(), notFound: Type.Literal(true) });
/** A live toggle an application used in the last hour: Unleash 4's toggle row, without variants. */
const SeenToggleSchema = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  type: Type.String(),
  project: Type.String(),
  stale: Type.Boolean(),
  createdAt: Timestamp,
  lastSeenAt: Nullable(Timestamp),
});

/**
 * GET api/admin/metrics/applications/{appName}: its instances seen in the last two days, most recent first (Unleash
 * removes older ones), and the toggles it used in the last hour by name.
 */
export const ApplicationDetailSchema = Type.Object({
  appName: Type.String(),
  createdAt: Timestamp,
  description: Nullable(Type.String()),
  url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  strategies: Type.Array(Type.Union([StrategyDefinitionSchema, NotFoundSchema])),
  instances: Type.Array(InstanceSchema),
  seenToggles: Type.Array(Type.Union([SeenToggleSchema, NotFoundSchema])),
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
