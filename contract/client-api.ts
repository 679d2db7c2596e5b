import { Type, type Static } from 'typebox';
import { ConstraintSchema } from './constraints.ts';
import { DependencySchema, FeatureName, StrategyParameters } from './features.ts';
import { ClientSegmentSchema } from './segments.ts';
import { StrategyVariantSchema, VariantSchema } from './variants.ts';

// Wire shapes of the client API (SDKs): Unleash 4.2's toggles without ids and timestamps, registration and metrics.

const Many = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });
const Short = Type.String({ minLength: 1, maxLength: 200 });
const Count = Type.Integer({ minimum: 0 });
const Environment = Type.Optional(Type.String({ maxLength: 100 }));

export const ClientFeatureParams = Type.Object({ featureName: FeatureName });
/** `tag` is type:value. */
export const ClientFeaturesQuery = Type.Object({
  namePrefix: Type.Optional(Type.String({ maxLength: 200 })),
  tag: Type.Optional(Many),
  project: Type.Optional(Many),
  environment: Environment,
  /** 'false': strategies name their segments and the answer lists them, instead of inlining their constraints. */
  inlineSegmentConstraints: Type.Optional(Type.Boolean()),
});

export const RegistrationBody = Type.Object({
  appName: Short,
  instanceId: Short,
  sdkVersion: Type.Optional(Type.String({ maxLength: 200 })),
  environment: Environment,
  strategies: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }),
  started: Type.String({ format: 'date-time' }),
  interval: Type.Number({ minimum: 0 }),
});
export type Registration = Static<typeof RegistrationBody>;

export const MetricsBody = Type.Object({
  appName: Short,
  instanceId: Short,
  environment: Environment,
  bucket: Type.Object({
    start: Type.String({ format: 'date-time' }),
    stop: Type.String({ format: 'date-time' }),
    toggles: Type.Record(
      Type.String({ maxLength: 200 }),
      Type.Object({ yes: Count, no: Count, variants: Type.Optional(Type.Record(Type.String(), Count)) }),
      { maxProperties: 10_000 },
    ),
  }),
});
export type MetricsReport = Static<typeof MetricsBody>;

const Link = Type.Object({ uri: Type.String() });
export const ClientIndexSchema = Type.Object({
  version: Type.Literal(3),
  links: Type.Object({ 'feature-toggles': Link, register: Link, metrics: Link }),
});

export const ClientFeatureSchema = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  project: Type.String(),
  enabled: Type.Boolean(),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
  strategies: Type.Array(
    Type.Object({
      name: Type.String(),
      constraints: Type.Array(ConstraintSchema),
      parameters: StrategyParameters,
      segments: Type.Optional(Type.Array(Type.Integer())),
      variants: Type.Optional(Type.Array(StrategyVariantSchema)),
    }),
  ),
  variants: Type.Union([Type.Array(VariantSchema), Type.Null()]),
  dependencies: Type.Optional(Type.Array(DependencySchema)),
});
export type ClientFeature = Static<typeof ClientFeatureSchema>;

/** What narrowed the answer (the token's scope merged with the query); `tag` as [type, value] pairs. */
export const ClientQuerySchema = Type.Object({
  namePrefix: Type.Optional(Type.String()),
  tag: Type.Optional(Type.Array(Type.Array(Type.String()))),
  project: Type.Optional(Type.Array(Type.String())),
  environment: Type.Optional(Type.String()),
});

export const ClientFeaturesSchema = Type.Object({
  version: Type.Literal(2),
  features: Type.Array(ClientFeatureSchema),
  query: Type.Union([ClientQuerySchema, Type.Null()]),
  /** The segments the strategies name, when they are not inlined. */
  segments: Type.Optional(Type.Array(ClientSegmentSchema)),
});

/** GET api/client/delta: the same narrowing as GET api/client/features; segments are always sent by id. */
export const ClientDeltaQuery = Type.Omit(ClientFeaturesQuery, ['inlineSegmentConstraints']);

/**
 * GET api/client/streaming (the query is ClientDeltaQuery): `Last-Event-ID`, the id of the last message the SDK got
 * (a state's ETag), to resume from; any other text gets a hydration.
 */
export const ClientStreamingHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String()) });

const EventId = Type.Integer();
/**
 * The delta API's answer (client specification 19 and 20): a `hydration` with every toggle and segment, or the
 * changes since the state the SDK has. `eventId` is the newest audit event the state includes.
 */
export const ClientDeltaSchema = Type.Object({
  events: Type.Array(
    Type.Union([
      Type.Object({
        eventId: EventId,
        type: Type.Literal('hydration'),
        features: Type.Array(ClientFeatureSchema),
        segments: Type.Array(ClientSegmentSchema),
      }),
      Type.Object({ eventId: EventId, type: Type.Literal('feature-updated'), feature: ClientFeatureSchema }),
      Type.Object({
        eventId: EventId,
        type: Type.Literal('feature-removed'),
        featureName: Type.String(),
        project: Type.String(),
      }),
      Type.Object({ eventId: EventId, type: Type.Literal('segment-updated'), segment: ClientSegmentSchema }),
      Type.Object({ eventId: EventId, type: Type.Literal('segment-removed'), segmentId: Type.Integer() }),
    ]),
  ),
});
export type ClientDelta = Static<typeof ClientDeltaSchema>;
