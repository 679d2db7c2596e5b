import { Type, type Static } from 'typebox';
import { MetricsBody } from './client-api.ts';

// Wire shapes of the frontend API (`/api/frontend`, unleash-proxy-client and Unleash's other frontend SDKs) and of
// its CORS setting (Unleash 5's `frontendSettings.frontendApiOrigins`).

const Field = Type.String({ maxLength: 1000 });
const MAX_FIELDS = 100;

/** Unleash's context fields, each one string: the query's and the POST body's. */
const CONTEXT_FIELDS = {
  userId: Type.Optional(Field),
  sessionId: Type.Optional(Field),
  remoteAddress: Type.Optional(Field),
  environment: Type.Optional(Field),
  appName: Type.Optional(Field),
  currentTime: Type.Optional(Field),
};

/**
 * GET api/frontend: the context as query parameters, custom fields as `properties[name]` (as unleash-proxy-client
 * sends them); every value one string.
 */
export const FrontendQuery = Type.Object(CONTEXT_FIELDS, { additionalProperties: Field, maxProperties: MAX_FIELDS });
export type FrontendQueryInput = Static<typeof FrontendQuery>;

/** A context as a POST body carries it (usePOSTrequests): Unleash's fields, custom ones in `properties`. */
export const FrontendContextSchema = Type.Object(
  {
    ...CONTEXT_FIELDS,
    properties: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Field, { maxProperties: MAX_FIELDS })),
  },
  { additionalProperties: Field, maxProperties: MAX_FIELDS },
);
export type FrontendContext = Static<typeof FrontendContextSchema>;

/** POST api/frontend. */
export const FrontendBody = Type.Object({ context: Type.Optional(FrontendContextSchema) });

/** One enabled toggle as the context sees it (only enabled toggles are listed, as in Unleash). */
export const FrontendToggleSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Literal(true),
  variant: Type.Object({
    name: Type.String(),
    enabled: Type.Boolean(),
    payload: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
    feature_enabled: Type.Boolean(),
  }),
  impressionData: Type.Boolean(),
});
export type FrontendToggle = Static<typeof FrontendToggleSchema>;

export const FrontendTogglesSchema = Type.Object({ toggles: Type.Array(FrontendToggleSchema) });

/**
 * POST api/frontend/client/metrics: the client API's metrics report; frontend SDKs leave out the environment (the
 * token's is used) and may add fields of their own (impactMetrics), which are not recorded.
 */
export const FrontendMetricsBody = MetricsBody;

/** POST api/frontend/client/register: what frontend SDKs send (no strategies: they evaluate nothing themselves). */
export const FrontendRegistrationBody = Type.Object({
  appName: Type.String({ minLength: 1, maxLength: 200 }),
  instanceId: Type.String({ minLength: 1, maxLength: 200 }),
  sdkVersion: Type.Optional(Type.String({ maxLength: 200 })),
  environment: Type.Optional(Type.String({ maxLength: 100 })),
  started: Type.Optional(Type.String({ format: 'date-time' })),
  interval: Type.Optional(Type.Number({ minimum: 0 })),
});
export type FrontendRegistration = Static<typeof FrontendRegistrationBody>;

/** Every origin: the default, as in Unleash. */
export const ANY_ORIGIN = '*';
export const ORIGINS_LIMIT = 100;

/** POST api/admin/ui-config/cors (Unleash's setCorsSchema); GET answers the same shape. */
export const CorsSettingsSchema = Type.Object(
  {
    frontendApiOrigins: Type.Array(Type.String({ maxLength: 500 }), { maxItems: ORIGINS_LIMIT }),
  },
  { additionalProperties: false },
);
export type CorsSettings = Static<typeof CorsSettingsSchema>;

export const INVALID_ORIGIN = 'Enter * or an origin such as https://example.com (scheme, host and port only)';

/**
 * The rule for one allowed origin, on both sides: `*`, or an http(s) origin exactly as a browser sends it in
 * `Origin` (no path, query or trailing slash). Undefined when it fits.
 */
export function originProblem(origin: string): string | undefined {
  if (origin === ANY_ORIGIN) return undefined;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin
      ? undefined
      : INVALID_ORIGIN;
  } catch {
    return INVALID_ORIGIN;
  }
}
