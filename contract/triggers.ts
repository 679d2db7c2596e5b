import { Type, type Static } from 'typebox';
import { FeatureName } from './features.ts';
import { Nullable, Timestamp } from './wire.ts';

// Triggers: kill switches an alert throws. Each turns one toggle on or off in one environment when its secret URL
// is called (PagerDuty, Grafana or Datadog webhooks), as LaunchDarkly's flag triggers and Unleash's signals do.

const Id = Type.String({ maxLength: 100 });

/** What a trigger does to its toggle in its environment. */
export const TriggerActionSchema = Type.Enum(['on', 'off']);
export type TriggerAction = Static<typeof TriggerActionSchema>;

/** A trigger's URL can be fired this often a minute; further calls get a 429 until the minute is over. */
export const TRIGGER_FIRES_PER_MINUTE = 10;

/** The largest body a trigger's URL accepts (and ignores): webhooks send their alert as the body. */
export const TRIGGER_BODY_LIMIT = 64 * 1024;

export const TriggersParams = Type.Object({ projectId: Id, featureName: FeatureName });
export const TriggerParams = Type.Object({ projectId: Id, featureName: FeatureName, id: Type.Integer({ minimum: 1 }) });
export const TriggerSecretParams = Type.Object({ secret: Type.String({ maxLength: 200 }) });

/** POST api/admin/projects/{p}/features/{name}/triggers. */
export const CreateTriggerBody = Type.Object(
  {
    environment: Type.String({ minLength: 1, maxLength: 100 }),
    action: TriggerActionSchema,
    description: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type CreateTriggerInput = Static<typeof CreateTriggerBody>;

/** The answer of its creation: the only time the URL (which holds the secret) is shown. */
export const CreatedTriggerSchema = Type.Object({ id: Type.Integer(), url: Type.String() });
export type CreatedTrigger = Static<typeof CreatedTriggerSchema>;

/** A trigger as the toggle page lists it: never its secret. */
export const TriggerSchema = Type.Object({
  id: Type.Integer(),
  environment: Type.String(),
  action: TriggerActionSchema,
  description: Type.String(),
  createdBy: Type.String(),
  createdAt: Timestamp,
  lastFiredAt: Nullable(Timestamp),
  fireCount: Type.Integer(),
});
export type Trigger = Static<typeof TriggerSchema>;

export const TriggerListSchema = Type.Object({ triggers: Type.Array(TriggerSchema) });
export type TriggerList = Static<typeof TriggerListSchema>;

/** The answer of POST api/triggers/{secret}: the toggle's state now, and whether this call changed it. */
export const TriggerFiredSchema = Type.Object({
  feature: Type.String(),
  environment: Type.String(),
  enabled: Type.Boolean(),
  changed: Type.Boolean(),
});
export type TriggerFired = Static<typeof TriggerFiredSchema>;
