import { Type, type Static } from 'typebox';

// Wire shapes of OFREP, OpenFeature's remote evaluation protocol (open-feature/protocol, service/openapi.yaml):
// `POST /ofrep/v1/evaluate/flags/{key}` and the bulk `POST /ofrep/v1/evaluate/flags`.

const Field = Type.String({ maxLength: 1000 });
const MAX_FIELDS = 100;

/**
 * An OpenFeature evaluation context: `targetingKey` is Unleash's userId, Unleash's own fields are strings, and
 * every other key is a custom field (a property) holding a string, a number or a boolean, as Unleash's are flat.
 */
export const OfrepContextSchema = Type.Object(
  {
    targetingKey: Type.Optional(Field),
    appName: Type.Optional(Field),
    environment: Type.Optional(Field),
    sessionId: Type.Optional(Field),
    remoteAddress: Type.Optional(Field),
    currentTime: Type.Optional(Field),
  },
  {
    additionalProperties: Type.Union([Field, Type.Number(), Type.Boolean()]),
    propertyNames: { maxLength: 200 },
    maxProperties: MAX_FIELDS,
  },
);
export type OfrepContext = Static<typeof OfrepContextSchema>;

/** The body of both calls. */
export const OfrepRequestSchema = Type.Object({ context: OfrepContextSchema });

export const OfrepFlagParams = Type.Object({ key: Type.String() });

/**
 * Why a flag has its value: TARGETING_MATCH when the toggle is on for the context (its strategies, or none), DEFAULT
 * when it is on but not for this context, DISABLED when it is off in the token's environment.
 */
export const OFREP_REASONS = ['TARGETING_MATCH', 'DEFAULT', 'DISABLED'] as const;
export type OfrepReason = (typeof OFREP_REASONS)[number];

/** Metadata of a flag: primitives only (OpenFeature's flag metadata). */
const MetadataSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]));

/** One flag's value: a toggle's boolean, or its variant's payload as a string, a number or parsed JSON. */
export const OfrepEvaluationSchema = Type.Object({
  key: Type.String(),
  value: Type.Unknown(),
  reason: Type.Enum([...OFREP_REASONS]),
  variant: Type.Optional(Type.String()),
  metadata: Type.Optional(MetadataSchema),
});
export type OfrepEvaluation = Static<typeof OfrepEvaluationSchema>;

/** The refusals this server sends (OFREP's TARGETING_KEY_MISSING and GENERAL never apply here). */
export const OFREP_ERROR_CODES = ['FLAG_NOT_FOUND', 'PARSE_ERROR', 'INVALID_CONTEXT'] as const;
const ErrorCodeSchema = Type.Enum([...OFREP_ERROR_CODES]);

/** The single call's refusal: the flag is not found, or the request does not parse or fit. */
export const OfrepFailureSchema = Type.Object({
  key: Type.String(),
  errorCode: ErrorCodeSchema,
  errorDetails: Type.String(),
});
export type OfrepFailure = Static<typeof OfrepFailureSchema>;

/** The bulk answer: every flag the token sees, evaluated for one context. */
export const OfrepBulkSchema = Type.Object({ flags: Type.Array(OfrepEvaluationSchema) });

/** The bulk call's refusal of the request as a whole (no key). */
export const OfrepBulkFailureSchema = Type.Object({ errorCode: ErrorCodeSchema, errorDetails: Type.String() });
