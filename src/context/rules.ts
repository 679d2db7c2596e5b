/** Context field rules of the console: legal values are kept sorted, without duplicates. */
import type { ContextField as WireContextField } from '../../contract/context';
import type { Received } from '../shared/api/received';

/** A context field as GET api/admin/context lists it. */
export type ContextField = Received<WireContextField, 'name'>;

/** A context field as the form edits and sends it (POST and PUT api/admin/context). */
export interface ContextFieldValues {
  name: string;
  description: string;
  legalValues: string[];
  stickiness: boolean;
}

export const DUPLICATE_LEGAL_VALUE = 'Duplicate legal value';

/** Legal values in the order the console keeps them (the server sorts the same way). */
export const sortLegalValues = (values: readonly string[]): string[] => [...values].sort();

/** Adds a typed legal value (trimmed; blank adds nothing) and re-sorts; a value already listed is refused. */
export function addLegalValue(values: readonly string[], typed: string): { values: string[]; error?: string } {
  const value = typed.trim();
  if (!value) return { values: [...values] };
  if (values.includes(value)) return { values: [...values], error: DUPLICATE_LEGAL_VALUE };
  return { values: sortLegalValues([...values, value]) };
}

/** The form's values: empty for a new field, or an existing field's (its legal values sorted). */
export function contextFieldValues(field?: ContextField): ContextFieldValues {
  return {
    name: field?.name ?? '',
    description: field?.description ?? '',
    legalValues: sortLegalValues(field?.legalValues ?? []),
    stickiness: field?.stickiness ?? false,
  };
}
