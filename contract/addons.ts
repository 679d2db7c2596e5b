import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './wire.ts';

/**
 * Addons (integrations): the addon and its provider's definition, the calls, the validation.
 * Calls: GET api/admin/addons ({addons, providers}); POST api/admin/addons (201, the created addon);
 * GET, PUT, DELETE api/admin/addons/{id}; GET api/admin/addons/{id}/deliveries (ours: the delivery log).
 * Sensitive parameters are answered as SECRET_MASK ('*****', contract/sso.ts) and a PUT that sends the mask back
 * keeps the stored value.
 */

/** One parameter of a provider, as Unleash 4 describes it. `url` is a text field whose value must be http(s). */
export const AddonParameterSchema = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  type: Type.Union([Type.Literal('text'), Type.Literal('textfield'), Type.Literal('url')]),
  required: Type.Boolean(),
  sensitive: Type.Boolean(),
  placeholder: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});
export type AddonParameter = Static<typeof AddonParameterSchema>;

/** A tag type a provider brings along (Slack's channel tag, Datadog's tags). */
export const AddonTagTypeSchema = Type.Object({ name: Type.String(), description: Type.String(), icon: Type.String() });

/** A provider (webhook, slack, teams, datadog): what it needs and the event types it may listen to. */
export const AddonProviderSchema = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  documentationUrl: Type.String(),
  parameters: Type.Array(AddonParameterSchema),
  events: Type.Array(Type.String()),
  tagTypes: Type.Optional(Type.Array(AddonTagTypeSchema)),
});
export type AddonProvider = Static<typeof AddonProviderSchema>;

/** A configured addon; sensitive parameters are '*****'. */
export const AddonSchema = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  parameters: Type.Record(Type.String(), Type.String()),
  events: Type.Array(Type.String()),
  createdAt: Timestamp,
});
export type Addon = Static<typeof AddonSchema>;

/** GET api/admin/addons: the configured addons (oldest first) and every provider. */
export const AddonListSchema = Type.Object({
  addons: Type.Array(AddonSchema),
  providers: Type.Array(AddonProviderSchema),
});
export type AddonList = Static<typeof AddonListSchema>;

export const AddonIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/**
 * The body of POST api/admin/addons and PUT api/admin/addons/{id} (Unleash's addon schema). `enabled` defaults to
 * true. The server checks the rest: a known provider, at least one event and only events the provider supports,
 * every required parameter non-empty, no unknown parameter, http(s) URLs. A PUT may carry the addon's own `id` and
 * `createdAt` back (the Unleash console sends the addon it read); another id is a 400.
 */
export const AddonBody = Type.Object(
  {
    provider: Type.String({ maxLength: 100 }),
    enabled: Type.Optional(Type.Boolean()),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    parameters: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 10_000 }))),
    events: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
    id: Type.Optional(Type.Integer()),
    createdAt: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AddonInput = Static<typeof AddonBody>;

/** Where a delivery stands: waiting for (another) attempt, accepted by the receiver, or given up after the last. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * One attempt to deliver one event to an addon: when, which event, and the receiver's HTTP status (2xx delivered)
 * or, when no answer came, the error ('timed out after 10000 ms', 'connection refused', ...). `state` is where the
 * event's delivery stands now.
 */
export const AddonAttemptSchema = Type.Object({
  id: Type.Integer(),
  deliveryId: Type.Integer(),
  at: Timestamp,
  eventId: Type.Integer(),
  eventType: Type.String(),
  featureName: Nullable(Type.String()),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  attempt: Type.Integer(),
  state: Type.Enum(DELIVERY_STATES),
});
export type AddonAttempt = Static<typeof AddonAttemptSchema>;

/** GET api/admin/addons/{id}/deliveries: the addon's last attempts (newest first, at most DELIVERY_LOG_SIZE). */
export const AddonDeliveryLogSchema = Type.Object({ attempts: Type.Array(AddonAttemptSchema) });
export type AddonDeliveryLog = Static<typeof AddonDeliveryLogSchema>;
export const DELIVERY_LOG_SIZE = 50;
