import { Type, type Static } from 'typebox';

// Wire shapes of the environments API (Unleash 4.2 keys; create, update and delete are ours).

export const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

/**
 * The environment limit: creation is blocked while ENVIRONMENT_LIMIT (7) or more exist,
 * and the message says that more than SUPPORTED_ENVIRONMENTS (5) are not supported; both figures are given.
 */
export const ENVIRONMENT_LIMIT = 7;
export const SUPPORTED_ENVIRONMENTS = 5;
export const environmentLimitReached = (count: number) => count >= ENVIRONMENT_LIMIT;
export const environmentLimitMessage = (count: number) =>
  `More than ${SUPPORTED_ENVIRONMENTS} environments are not supported: no environment can be created while ` +
  `${ENVIRONMENT_LIMIT} or more exist (there are ${count}). Delete one first.`;

const Name = Type.String({ maxLength: 100 });
const EnvironmentTypeBody = Type.Enum([...ENVIRONMENT_TYPES]);
const SortOrder = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

export const EnvironmentParams = Type.Object({ name: Name });
export const EnvironmentNameBody = Type.Object({ name: Name });
export const EnvironmentBody = Type.Object({
  name: Name,
  type: EnvironmentTypeBody,
  sortOrder: Type.Optional(SortOrder),
});
export const EnvironmentUpdateBody = Type.Object({ type: EnvironmentTypeBody, sortOrder: Type.Optional(SortOrder) });
/** PUT api/admin/environments/sort-order: {name: position}. */
export const EnvironmentOrderBody = Type.Record(Type.String(), SortOrder, { minProperties: 1, maxProperties: 1000 });

export const EnvironmentSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  sortOrder: Type.Number(),
  enabled: Type.Boolean(),
  protected: Type.Boolean(),
});
export type Environment = Static<typeof EnvironmentSchema>;
export const EnvironmentListSchema = Type.Object({
  version: Type.Literal(1),
  environments: Type.Array(EnvironmentSchema),
});
