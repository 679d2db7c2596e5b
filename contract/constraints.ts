import { Type, type Static } from 'typebox';

/** Constraint operators of Unleash 4 (part 1 sections 3, 5 and 9); a missing operator means IN. */
export const OPERATORS = ['IN', 'NOT_IN'] as const;
export type Operator = (typeof OPERATORS)[number];
export const DEFAULT_OPERATOR: Operator = 'IN';
export const VALUES_REQUIRED = 'You need to specify at least one value';

/** Unleash's limits per strategy: constraints, and values per constraint. */
export const CONSTRAINT_LIMIT = 30;
export const VALUE_LIMIT = 250;

export const ConstraintSchema = Type.Object({
  contextName: Type.String(),
  operator: Type.String(),
  values: Type.Array(Type.String()),
});
export type Constraint = Static<typeof ConstraintSchema>;

/** Values trimmed, blanks and duplicates dropped. */
export function cleanValues(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}
