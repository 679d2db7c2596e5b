/** The segment form's values, its checks and the body it sends (POST and PUT api/admin/segments). */
import type { Constraint } from '../../contract/constraints';
import { SEGMENT_VALUES_LIMIT, type Segment } from '../../contract/segments';
import { cleanConstraint, constraintErrors } from '../strategies/constraints';
import { CONSTRAINTS_HAVE_ERRORS, NAME_REQUIRED, tooManyValues } from './messages';

export interface SegmentValues {
  name: string;
  description: string;
  /** '' for a segment of every project. */
  project: string;
  constraints: Constraint[];
}

export interface SegmentBody {
  name: string;
  description: string;
  /** Left out for a segment of every project (PUT: a missing project makes it global, as in Unleash). */
  project?: string;
  constraints: Constraint[];
}

export function segmentValues(segment?: Segment): SegmentValues {
  return {
    name: segment?.name ?? '',
    description: segment?.description ?? '',
    project: segment?.project ?? '',
    constraints: segment?.constraints ?? [],
  };
}

export function segmentBody(values: SegmentValues): SegmentBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    ...(values.project ? { project: values.project } : {}),
    constraints: values.constraints.map(cleanConstraint),
  };
}

/** How many values a segment holds in all, as Unleash counts them for its limit: the list operators' values. */
export function segmentValueCount(constraints: Constraint[]): number {
  return constraints.map(cleanConstraint).reduce((n, c) => n + c.values.length, 0);
}

/** The form's errors: a name, every constraint fitting its operator, and at most SEGMENT_VALUES_LIMIT values. */
export function segmentErrors(values: SegmentValues): { name?: string; constraints?: string } {
  const count = segmentValueCount(values.constraints);
  return {
    name: values.name.trim() ? undefined : NAME_REQUIRED,
    constraints: constraintErrors(values.constraints).some(Boolean)
      ? CONSTRAINTS_HAVE_ERRORS
      : count > SEGMENT_VALUES_LIMIT
        ? tooManyValues(SEGMENT_VALUES_LIMIT)
        : undefined,
  };
}
