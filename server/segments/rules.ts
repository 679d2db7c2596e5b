import { DEFAULT_OPERATOR, constraintValueProblem, isMultiValue, type Constraint } from '../../contract/constraints.ts';
import { SEGMENT_VALUES_LIMIT, type SegmentInput } from '../../contract/segments.ts';
import { exceedsLimit, validationError } from '../platform/http/errors.ts';

/** The name as stored: trimmed, never empty. */
export function segmentName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError('name', '"name" is not allowed to be empty', name, 'string.empty');
  return trimmed;
}

/**
 * A segment's constraints as stored and served: each operator's value(s) checked by the one value rule
 * (constraintValueProblem, a 400 naming the field), list operators keep `values`, the others `value`; `inverted` and
 * `caseInsensitive` always present; at most SEGMENT_VALUES_LIMIT values across the segment (Unleash's limit).
 */
export function segmentConstraints(input: SegmentInput['constraints']): Constraint[] {
  const constraints = input.map((c, i): Constraint => {
    const at = ['constraints', i];
    const contextName = c.contextName.trim();
    if (contextName === '') {
      throw validationError([...at, 'contextName'], `"constraints[${i}].contextName" is not allowed to be empty`, '');
    }
    const operator = c.operator ?? DEFAULT_OPERATOR;
    const multi = isMultiValue(operator);
    const values = multi ? (c.values ?? []) : [];
    values.forEach((value, k) => {
      if (value.trim() === '') {
        throw validationError(
          [...at, 'values', k],
          `"constraints[${i}].values[${k}]" is not allowed to be empty`,
          value,
        );
      }
    });
    const value = multi ? undefined : c.value?.trim();
    const problem = constraintValueProblem({ operator, value, values });
    if (problem) throw validationError([...at, multi ? 'values' : 'value'], problem, multi ? values : c.value);
    return {
      contextName,
      operator,
      values,
      ...(value === undefined ? {} : { value }),
      inverted: c.inverted ?? false,
      caseInsensitive: c.caseInsensitive ?? false,
    };
  });
  const count = constraints.reduce((sum, c) => sum + c.values.length, 0);
  if (count > SEGMENT_VALUES_LIMIT) {
    throw exceedsLimit(`Segments may not have more than ${SEGMENT_VALUES_LIMIT} values`);
  }
  return constraints;
}

/**
 * A segment of a project can be used only in that project: the other projects whose strategies use it (none for a
 * global segment, usable everywhere).
 */
export function otherProjects(project: string | null, usedIn: readonly string[]): string[] {
  return project === null ? [] : [...new Set(usedIn)].filter((p) => p !== project).sort();
}
