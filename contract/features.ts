import { Type, type Static } from 'typebox';
import { constraintBody, ConstraintSchema } from './constraints.ts';
import { StrategyVariantSchema, VariantSchema } from './variants.ts';
import { Timestamp, Nullable } from './wire.ts';

// Wire shapes of the toggle API: the classic API, the project API and strategy instances (Unleash 4.2 keys).

/** An ISO 8601 timestamp on the wire; the server may hand the serializer a Date (it writes toISOString()). */

export const FeatureName = Type.String({ maxLength: 200 });
const Id = Type.String({ maxLength: 100 });
const Text = Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]);

// ---- requests ----------------------------------------------------------------------------------------------------

export const FeatureParams = Type.Object({ featureName: FeatureName });
export const ProjectParams = Type.Object({ projectId: Id });
export const ProjectFeatureParams = Type.Object({ projectId: Id, featureName: FeatureName });
export const FeatureTagParams = Type.Object({ featureName: FeatureName, type: FeatureName, value: FeatureName });
export const FeatureEnvironmentParams = Type.Object({ projectId: Id, featureName: FeatureName, environment: Id });
export const StrategyInstanceParams = Type.Object({
  projectId: Id,
  featureName: FeatureName,
  environment: Id,
  strategyId: Id,
});

const Many = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });
/** GET api/admin/features: `tag` is type:value. */
export const FeatureListQuery = Type.Object({
  tag: Type.Optional(Many),
  project: Type.Optional(Many),
  namePrefix: Type.Optional(Type.String({ maxLength: 200 })),
});

export const FeatureNameBody = Type.Object({ name: FeatureName });

/**
 * Strategy instances and constraints in requests refuse fields they do not declare: a 400 naming each, as Unleash's
 * Joi schemas answer, instead of dropping them silently (a constraint sent with `inverted: true`, which this server
 * does not support, would otherwise be stored and served with the opposite meaning). Parameters stay free-form: the
 * server checks them against the strategy's definition.
 */
const Closed = { additionalProperties: false } as const;

const ConstraintBody = constraintBody(1000);
// The limits (30 constraints, 250 values) are checked by the server's strategy rules, with clear messages; the
// schemas only cap the size of what is read.
const ParametersBody = Type.Record(
  Type.String({ maxLength: 100 }),
  Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean()]),
);
const ConstraintsBody = Type.Array(ConstraintBody, { maxItems: 100 });
const SegmentIdsBody = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 });
/** Strategy variants; the server checks every field, as for the toggle's variants. */
const StrategyVariantsBody = Type.Array(Type.Unknown(), { maxItems: 100 });
/** Answers carry it; a client may send it back as it got it: ignored (the order is the list's, or set-sort-order). */
const SortOrder = Type.Optional(Type.Number());

const StrategyName = Type.String({ minLength: 1, maxLength: 100 });
const StrategyFields = {
  id: Type.Optional(Type.String({ maxLength: 100 })),
  name: StrategyName,
  parameters: Type.Optional(ParametersBody),
  constraints: Type.Optional(ConstraintsBody),
  segments: Type.Optional(SegmentIdsBody),
  variants: Type.Optional(StrategyVariantsBody),
  sortOrder: SortOrder,
};

/** A strategy instance (the classic toggle's list, and POST .../strategies). */
export const StrategyBody = Type.Object(StrategyFields, Closed);

/** PUT .../strategies/{id}: the name may be left out (kept); an `id` sent back is the URL's strategy's (ignored). */
export const StrategyUpdateBody = Type.Object({ ...StrategyFields, name: Type.Optional(StrategyName) }, Closed);

/** POST .../strategies/set-sort-order. */
export const StrategyOrderBody = Type.Array(
  Type.Object({ id: Type.String({ maxLength: 100 }), sortOrder: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }),
  { maxItems: 1000 },
);

/** A list of variants; the server checks every field, with the messages the console maps. */
export const VariantsBody = Type.Array(Type.Unknown(), { maxItems: 100 });
const NullableVariants = Type.Union([VariantsBody, Type.Null()]);

/** The toggle of the project API (no strategies). */
export const ProjectFeatureBody = Type.Object({
  name: FeatureName,
  description: Type.Optional(Text),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  stale: Type.Optional(Type.Boolean()),
  variants: Type.Optional(NullableVariants),
  impressionData: Type.Optional(Type.Boolean()),
});

/** The toggle of the classic API. */
export const ClassicFeatureBody = Type.Object({
  name: FeatureName,
  description: Type.Optional(Text),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  project: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: Type.Optional(Type.Boolean()),
  stale: Type.Optional(Type.Boolean()),
  strategies: Type.Optional(Type.Union([Type.Array(StrategyBody, { maxItems: 100 }), Type.Null()])),
  variants: Type.Optional(NullableVariants),
  impressionData: Type.Optional(Type.Boolean()),
  archived: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.Unknown()),
  lastSeenAt: Type.Optional(Type.Unknown()),
});

/** A JSON patch (RFC 6902). */
export const JsonPatchBody = Type.Array(
  Type.Object({
    op: Type.String({ maxLength: 20 }),
    path: Type.String({ maxLength: 500 }),
    from: Type.Optional(Type.String({ maxLength: 500 })),
    value: Type.Optional(Type.Unknown()),
  }),
  { minItems: 1, maxItems: 500 },
);
export type JsonPatch = Static<typeof JsonPatchBody>;

export const CloneBody = Type.Object({ name: FeatureName, replaceGroupId: Type.Optional(Type.Boolean()) });
export const ChangeProjectBody = Type.Object({ newProjectId: Type.String({ minLength: 1, maxLength: 100 }) });

/** The most toggles one bulk call names (a project's toggles, selected in the console). */
export const BULK_MAX = 10_000;
const BulkNames = Type.Array(FeatureName, { minItems: 1, maxItems: BULK_MAX });
/**
 * The version each toggle's change is based on, by name (as the offline queue sends a bulk change): optional; a toggle
 * named here must be one the call names, and any that moved on refuses the whole call (412).
 */
const BulkVersions = Type.Optional(Type.Record(FeatureName, Type.Integer({ minimum: 1 }), { maxProperties: BULK_MAX }));

/** POST api/admin/projects/{p}/archive, .../revive and .../delete (Unleash 5's batchFeaturesSchema). */
export const BulkFeaturesBody = Type.Object({ features: BulkNames, versions: BulkVersions }, Closed);

/** POST api/admin/projects/{p}/bulk_features/environments/{env}/on and /off. */
export const BulkToggleBody = Type.Object(
  { features: BulkNames, shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()), versions: BulkVersions },
  Closed,
);
/** Unleash 5 sends shouldActivateDisabledStrategies in the query; either is accepted. */
export const BulkToggleQuery = Type.Object({ shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()) });
export const BulkEnvironmentParams = Type.Object({ projectId: Id, environment: Id });

/** POST api/admin/projects/{p}/stale. */
export const BulkStaleBody = Type.Object(
  { features: BulkNames, stale: Type.Boolean(), versions: BulkVersions },
  Closed,
);

const BulkTag = Type.Object({ type: Type.String({ maxLength: 100 }), value: Type.String({ maxLength: 100 }) }, Closed);
const BulkTags = Type.Array(BulkTag, { maxItems: 100 });
/** PUT api/admin/projects/{p}/tags (Unleash 5's tagsBulkAddSchema). */
export const BulkTagsBody = Type.Object(
  {
    features: BulkNames,
    tags: Type.Object({ addedTags: BulkTags, removedTags: BulkTags }, Closed),
    versions: BulkVersions,
  },
  Closed,
);

/** POST .../environments/{env}/strategies/copy: the environment whose strategies are appended to {env}'s. */
export const CopyStrategiesBody = Type.Object({ from: Id }, Closed);

// ---- responses ---------------------------------------------------------------------------------------------------

/** Strategy parameters: always text on the wire. */
export const StrategyParameters = Type.Record(Type.String(), Type.String());

/** A strategy instance of a toggle in one environment. */
export const StrategyInstanceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  constraints: Type.Array(ConstraintSchema),
  parameters: StrategyParameters,
  /** The segments the strategy uses (ids); absent from servers before Unleash 4.13. */
  segments: Type.Optional(Type.Array(Type.Integer())),
  /** Strategy variants; absent from servers before Unleash 5. */
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
});
export type StrategyInstance = Static<typeof StrategyInstanceSchema>;

/** A strategy instance with its place in the environment's evaluation order. */
export const OrderedStrategySchema = Type.Object({ ...StrategyInstanceSchema.properties, sortOrder: Type.Number() });
export type OrderedStrategy = Static<typeof OrderedStrategySchema>;

/** What PUT and PATCH of a strategy instance answer. */
export const UpdatedStrategySchema = Type.Object({ ...OrderedStrategySchema.properties, featureName: Type.String() });

/**
 * The toggle's own fields (the answer of toggle on/off, PATCH, clone, the archive list), with its `version`: our
 * addition for conditional writes (the ETag of one toggle, If-Match).
 */
export const FeatureMetadataSchema = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  project: Type.String(),
  stale: Type.Boolean(),
  variants: Type.Union([Type.Array(VariantSchema), Type.Null()]),
  /** Whether SDKs emit impression events (Unleash 4.7+; absent from older servers). */
  impressionData: Type.Optional(Type.Boolean()),
  createdAt: Timestamp,
  lastSeenAt: Nullable(Timestamp),
  version: Type.Integer(),
});
export type FeatureMetadata = Static<typeof FeatureMetadataSchema>;

/** Whether the signed-in user pinned the toggle (a favourite; always false for an API token). */
const Favorite = { favorite: Type.Boolean() };

/** The answer of POST api/admin/features: the toggle as the classic list shows it (the default environment). */
export const ClassicListItemSchema = Type.Object({
  ...FeatureMetadataSchema.properties,
  enabled: Type.Boolean(),
  strategies: Type.Array(StrategyInstanceSchema),
});
/** GET api/admin/features: each toggle with whether the reader pinned it. */
export const ClassicFeatureListSchema = Type.Object({
  version: Type.Literal(1),
  features: Type.Array(Type.Object({ ...ClassicListItemSchema.properties, ...Favorite })),
});

/** GET api/admin/features/{name} (and PUT, stale on/off): archived, and the strategies' order. */
export const ClassicFeatureSchema = Type.Object({
  ...FeatureMetadataSchema.properties,
  archived: Type.Boolean(),
  enabled: Type.Boolean(),
  strategies: Type.Array(OrderedStrategySchema),
});
export type ClassicFeature = Static<typeof ClassicFeatureSchema>;
/** GET api/admin/features/{name}: with whether the reader pinned it. */
export const ClassicFeatureReadSchema = Type.Object({ ...ClassicFeatureSchema.properties, ...Favorite });

export const ArchivedFeatureListSchema = Type.Object({
  version: Type.Literal(2),
  features: Type.Array(FeatureMetadataSchema),
});

/** A toggle's state in one environment, as lists show it. */
export const EnvironmentStateSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  type: Type.String(),
  sortOrder: Type.Number(),
});

/**
 * A dependency of a child toggle on its parent: the child is on only when the parent is on (`enabled` true, the
 * default) or off (false), and, when `variants` lists any, only when the parent's variant is one of them.
 */
export const DependencySchema = Type.Object({
  feature: Type.String(),
  enabled: Type.Optional(Type.Boolean()),
  variants: Type.Optional(Type.Array(Type.String())),
});
export type Dependency = Static<typeof DependencySchema>;

/** POST api/admin/projects/{p}/features/{child}/dependencies. */
export const DependencyBody = Type.Object(
  {
    feature: FeatureName,
    enabled: Type.Optional(Type.Boolean()),
    variants: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
  },
  Closed,
);

/** GET api/admin/projects/{p}/features/{name}: every environment with its strategies. */
export const ProjectFeatureSchema = Type.Object({
  ...FeatureMetadataSchema.properties,
  archived: Type.Boolean(),
  /** The toggle's parent (at most one), and the toggles that depend on it (absent from servers before Unleash 5). */
  dependencies: Type.Optional(Type.Array(DependencySchema)),
  children: Type.Optional(Type.Array(Type.String())),
  environments: Type.Array(
    Type.Object({ ...EnvironmentStateSchema.properties, strategies: Type.Array(OrderedStrategySchema) }),
  ),
});

/** GET api/admin/projects/{p}/features/{name}: with whether the reader pinned it. */
export const ProjectFeatureReadSchema = Type.Object({ ...ProjectFeatureSchema.properties, ...Favorite });

/** A row of a project's toggle list (GET api/admin/projects/{p}/features, the project overview). */
export const FeatureOverviewSchema = Type.Object({
  type: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  lastSeenAt: Nullable(Timestamp),
  stale: Type.Boolean(),
  version: Type.Integer(),
  environments: Type.Array(EnvironmentStateSchema),
});
export type FeatureOverview = Static<typeof FeatureOverviewSchema>;

/** GET api/admin/projects/{p}/features: each toggle with whether the reader pinned it. */
export const FeatureOverviewListSchema = Type.Object({
  version: Type.Literal(1),
  features: Type.Array(Type.Object({ ...FeatureOverviewSchema.properties, ...Favorite })),
});

/** GET .../features/{name}/environments/{env}. */
export const FeatureEnvironmentSchema = Type.Object({
  name: Type.String(),
  environment: Type.String(),
  enabled: Type.Boolean(),
  strategies: Type.Array(OrderedStrategySchema),
});

/** PUT and PATCH of a toggle's variants: the list as stored (the variable weights recomputed). */
export const VariantsAnswerSchema = Type.Object({ version: Type.Literal(1), variants: Type.Array(VariantSchema) });

/** A feature toggle type (fixed reference data); lifetimeDays: when a toggle of the type becomes potentially stale. */
export const FeatureTypeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  lifetimeDays: Type.Union([Type.Integer(), Type.Null()]),
});
export const FeatureTypeListSchema = Type.Object({ version: Type.Literal(1), types: Type.Array(FeatureTypeSchema) });
