/** Constraint rules (part 1 sections 3, 5 and 9); the operators and values rules: contract/constraints.ts. */
import { cleanValues, DEFAULT_OPERATOR, VALUES_REQUIRED, type Constraint } from '../../contract/constraints';
import type { ContextField as WireContextField } from '../../contract/context';
import type { Received } from '../shared/api/received';

export const ENTERPRISE_ONLY = 'Constraints are only available as an enterprise feature.';

/** A context field as GET api/admin/context lists it. */
export type ContextField = Received<WireContextField, 'name'>;

/** Constraints need the enterprise flag C of the UI config. */
export function constraintsEnabled(flags: Record<string, boolean> | undefined): boolean {
  return flags?.C === true;
}

/** A new constraint: the first context field, operator IN, no values yet. */
export function newConstraint(contextFields: ContextField[] | undefined): Constraint {
  return { contextName: contextFields?.[0]?.name ?? '', operator: DEFAULT_OPERATOR, values: [] };
}

/** The errors of a list of constraints, by index: a constraint needs at least one value. */
export function constraintErrors(constraints: Constraint[]): (string | undefined)[] {
  return constraints.map((c) => (cleanValues(c.values).length === 0 ? VALUES_REQUIRED : undefined));
}

/** What closing the constraints dialog keeps: cleaned values, and only constraints that still have some. */
export function dropEmptyConstraints(constraints: Constraint[]): Constraint[] {
  return constraints
    .map((c) => ({ ...c, operator: c.operator || DEFAULT_OPERATOR, values: cleanValues(c.values) }))
    .filter((c) => c.values.length > 0);
}
