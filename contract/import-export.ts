import { Type, type Static } from 'typebox';
import { OPERATORS } from './constraints.ts';
import { PAYLOAD_TYPES } from './variants.ts';

// Import and export of toggles in Unleash 5/6's format (POST api/admin/features-batch/{export,validate,import}):
// the toggles of one environment with their strategies, state, variants, tags, dependencies, the context fields
// and segments they use. What an export answers, an import takes back.

const Closed = { additionalProperties: false } as const;
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Id = Type.String({ minLength: 1, maxLength: 100 });
/**
 * Null first (the answer's serialiser takes the first branch a value fits, and null fits a string with maxLength),
 * and no maxLength: a stored description longer than a request may send must still be exported (the body limit
 * bounds a request).
 */
const Text = Type.Union([Type.Null(), Type.String()]);
const List = <T extends Parameters<typeof Type.Array>[0]>(item: T, maxItems = 10_000) => Type.Array(item, { maxItems });

/** POST api/admin/features-batch/export: the toggles by name, by tag (type:value) or of a project, one environment. */
export const ExportQueryBody = Type.Object(
  {
    environment: Id,
    features: Type.Optional(List(Name, 1000)),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    project: Type.Optional(Id),
    /** Unleash's console asks for a file; the answer is the same JSON either way. */
    downloadFile: Type.Optional(Type.Boolean()),
  },
  Closed,
);
export type ExportQuery = Static<typeof ExportQueryBody>;

const ConstraintData = Type.Object(
  {
    contextName: Type.String({ minLength: 1, maxLength: 100 }),
    operator: Type.Optional(Type.Enum([...OPERATORS])),
    values: Type.Optional(List(Type.String({ maxLength: 1000 }), 1000)),
    value: Type.Optional(Type.String({ maxLength: 1000 })),
    inverted: Type.Optional(Type.Boolean()),
    caseInsensitive: Type.Optional(Type.Boolean()),
  },
  Closed,
);
export type ConstraintData = Static<typeof ConstraintData>;

const Payload = Type.Object(
  { type: Type.Enum([...PAYLOAD_TYPES]), value: Type.String({ maxLength: 100_000 }) },
  Closed,
);
const VariantFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** Kept exactly as given: a total other than 1000 is served as it is (the specification's states use 100 or 99). */
  weight: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  weightType: Type.Optional(Type.Union([Type.Literal('variable'), Type.Literal('fix')])),
  stickiness: Type.Optional(Type.String({ maxLength: 100 })),
  payload: Type.Optional(Payload),
};
const VariantData = Type.Object(
  {
    ...VariantFields,
    overrides: Type.Optional(
      List(
        Type.Object({ contextName: Type.String({ maxLength: 100 }), values: List(Type.String({ maxLength: 1000 })) }),
        100,
      ),
    ),
  },
  Closed,
);
export type VariantData = Static<typeof VariantData>;
const StrategyVariantData = Type.Object(VariantFields, Closed);

export const ExportedFeatureSchema = Type.Object(
  {
    name: Name,
    type: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.Optional(Text),
    project: Type.Optional(Type.String({ maxLength: 100 })),
    stale: Type.Optional(Type.Boolean()),
    impressionData: Type.Optional(Type.Boolean()),
    /** Unleash exports these; an import ignores them (archived toggles are refused by name). */
    archived: Type.Optional(Type.Boolean()),
    createdAt: Type.Optional(Type.Unknown()),
    lastSeenAt: Type.Optional(Type.Unknown()),
  },
  Closed,
);

export const ExportedStrategySchema = Type.Object(
  {
    /** The strategy definition's name. */
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** The instance's id in the exporting instance; an import gives each strategy a new one. */
    id: Type.Optional(Type.String({ maxLength: 100 })),
    featureName: Name,
    /** Unleash 5's optional title and disabled flag: a title is not kept here; a disabled strategy is refused. */
    title: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 1000 })])),
    disabled: Type.Optional(Type.Union([Type.Null(), Type.Boolean()])),
    sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
    parameters: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 10_000 }), Type.Number()])),
    ),
    constraints: Type.Optional(List(ConstraintData, 100)),
    /** Ids of the export's `segments`. */
    segments: Type.Optional(List(Type.Integer(), 100)),
    variants: Type.Optional(List(StrategyVariantData, 100)),
  },
  Closed,
);

export const ExportedFeatureEnvironmentSchema = Type.Object(
  {
    /** The toggle's name (Unleash sends it twice: name and featureName). */
    name: Name,
    featureName: Type.Optional(Name),
    environment: Type.Optional(Type.String({ maxLength: 100 })),
    enabled: Type.Boolean(),
    variants: Type.Optional(List(VariantData, 100)),
  },
  Closed,
);

const LegalValue = Type.Union([
  Type.String({ maxLength: 100 }),
  Type.Object({ value: Type.String({ maxLength: 100 }), description: Type.Optional(Type.String({ maxLength: 1000 })) }),
]);
export const ExportedContextFieldSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Text),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  /** Unleash 5 sends objects ({value, description}), Unleash 4 strings: both are read; an export sends objects. */
  legalValues: Type.Optional(List(LegalValue, 1000)),
});

export const ExportedTagSchema = Type.Object({
  featureName: Name,
  tagType: Type.String({ minLength: 1, maxLength: 100 }),
  tagValue: Type.String({ minLength: 1, maxLength: 100 }),
});

export const ExportedTagTypeSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Text),
  icon: Type.Optional(Text),
});

/**
 * A segment the strategies use. Unleash exports only {id, name} and imports only segments that already exist by
 * name; here an export also carries the constraints (and description), so an import creates the missing ones.
 */
export const ExportedSegmentSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Text),
    constraints: Type.Optional(List(ConstraintData, 100)),
  },
  Closed,
);

export const ExportedDependencySchema = Type.Object(
  {
    /** The child toggle. */
    feature: Name,
    dependencies: List(
      Type.Object(
        {
          feature: Name,
          enabled: Type.Optional(Type.Boolean()),
          variants: Type.Optional(List(Type.String({ maxLength: 100 }), 100)),
        },
        Closed,
      ),
      100,
    ),
  },
  Closed,
);

/** What an export answers and an import reads (Unleash's exportResultSchema, plus segments' constraints). */
export const ExportResultSchema = Type.Object({
  features: List(ExportedFeatureSchema, 1000),
  featureStrategies: List(ExportedStrategySchema),
  featureEnvironments: Type.Optional(List(ExportedFeatureEnvironmentSchema, 1000)),
  contextFields: Type.Optional(List(ExportedContextFieldSchema, 1000)),
  featureTags: Type.Optional(List(ExportedTagSchema)),
  segments: Type.Optional(List(ExportedSegmentSchema, 1000)),
  tagTypes: Type.Optional(List(ExportedTagTypeSchema, 1000)),
  dependencies: Type.Optional(List(ExportedDependencySchema, 1000)),
});
export type ExportResult = Static<typeof ExportResultSchema>;

/** POST api/admin/features-batch/{validate,import}: the data goes into one project and one environment. */
export const ImportBody = Type.Object({ project: Id, environment: Id, data: ExportResultSchema }, Closed);
export type ImportRequest = Static<typeof ImportBody>;

const Message = Type.Object({ message: Type.String(), affectedItems: Type.Array(Type.String()) });
export type ImportMessage = Static<typeof Message>;

/**
 * The answer of validate (Unleash's importTogglesValidateSchema): errors stop an import, warnings do not,
 * permissions name what the caller would also need.
 */
export const ImportValidationSchema = Type.Object({
  errors: Type.Array(Message),
  warnings: Type.Array(Message),
  permissions: Type.Array(Message),
});
export type ImportValidation = Static<typeof ImportValidationSchema>;
