import {
  CONSTRAINT_LIMIT,
  DEFAULT_OPERATOR,
  VALUE_LIMIT,
  constraintValueProblem,
  type Constraint,
} from '../../contract/constraints.ts';
import type { ConstraintData, ImportMessage } from '../../contract/import-export.ts';
import { SEGMENT_VALUES_LIMIT, STRATEGY_SEGMENTS_LIMIT } from '../../contract/segments.ts';

// The pure checks of an import: each finds the problems of one kind and names what they affect, as Unleash's
// validate answer lists them ({message, affectedItems}). An import with any error changes nothing.

export const MESSAGES = {
  unknownStrategies: 'We detected the following custom strategy in the import file that needs to be created first:',
  contextFields:
    'We detected the following context fields that do not have matching legal values with the imported ones:',
  otherProject: (project: string) =>
    'You cannot import a features that already exist in other projects. You already have the following features ' +
    `defined outside of project ${project}:`,
  duplicates: 'We detected the following features are duplicate in your import data:',
  archived: 'The following features are archived and cannot be imported. To import them, please revive them first:',
  segmentsElsewhere: 'We detected the following segments that belong to another project:',
  invalid: 'We detected the following values that are not valid:',
  dependencies:
    'We detected the following dependent toggles that cannot be imported (each parent must be another toggle of ' +
    'the project, without a parent of its own):',
  existing: 'The following features already exist in this project and will be overwritten:',
  customStrategies:
    'The following strategy types will be used in import. Please make sure the strategy type parameters are ' +
    'configured as in source environment:',
  permissions: 'We detected you are missing the following permissions:',
} as const;

/** Messages with their affected items, leaving out kinds that affect nothing. */
export function compile(entries: Array<[string, readonly string[]]>): ImportMessage[] {
  return entries
    .filter(([, items]) => items.length > 0)
    .map(([message, items]) => ({ message, affectedItems: [...new Set(items)] }));
}

/** Names given more than once. */
export function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
}

/**
 * A constraint as stored and served: `values` always, `value` for the single-value operators, `inverted` and
 * `caseInsensitive` always (false unless given). Values are kept as given.
 */
export function storedConstraint(c: ConstraintData): Constraint {
  return {
    contextName: c.contextName,
    operator: c.operator ?? DEFAULT_OPERATOR,
    values: c.values ?? [],
    ...(c.value === undefined ? {} : { value: c.value }),
    inverted: c.inverted ?? false,
    caseInsensitive: c.caseInsensitive ?? false,
  };
}

/**
 * The problems of a list of constraints (at `at`, e.g. `featureStrategies[3]`): the value rule of
 * contract/constraints.ts and Unleash's limits (30 constraints, 250 values each).
 */
export function constraintProblems(constraints: readonly ConstraintData[], at: string): string[] {
  const problems: string[] = [];
  if (constraints.length > CONSTRAINT_LIMIT)
    problems.push(`${at}.constraints: at most ${CONSTRAINT_LIMIT} constraints`);
  constraints.forEach((c, i) => {
    const field = `${at}.constraints[${i}]`;
    const problem = constraintValueProblem(storedConstraint(c), { imported: true });
    if (problem) problems.push(`${field}: ${problem}`);
    if ((c.values ?? []).length > VALUE_LIMIT) problems.push(`${field}.values: at most ${VALUE_LIMIT} values`);
  });
  return problems;
}

/** A segment's constraints: the constraint rules, and Unleash's limit on values across them. */
export function segmentProblems(constraints: readonly ConstraintData[], at: string): string[] {
  const values = constraints.reduce((sum, c) => sum + (c.values ?? []).length, 0);
  const problems = constraintProblems(constraints, at);
  if (values > SEGMENT_VALUES_LIMIT) problems.push(`${at}: at most ${SEGMENT_VALUES_LIMIT} values in all`);
  return problems;
}

export const segmentLimitProblem = (segments: readonly number[], at: string) =>
  segments.length > STRATEGY_SEGMENTS_LIMIT ? [`${at}.segments: at most ${STRATEGY_SEGMENTS_LIMIT} segments`] : [];

/** Parameters as stored: text (numbers turned into text). */
export function storedParameters(parameters: Record<string, string | number> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(parameters ?? {}).map(([name, value]) => [name, String(value)]));
}

/**
 * Dependencies that cannot be kept (Unleash's rules for dependent toggles): a child's parents must be known toggles
 * of the project other than itself, without parents of their own (no chains, so no cycles). `parentsOf` is the
 * state after the import. Answers the children whose dependencies are refused.
 */
export function dependencyProblems(parentsOf: ReadonlyMap<string, readonly string[]>, known: ReadonlySet<string>) {
  return [...parentsOf]
    .filter(([child, parents]) =>
      parents.some((p) => p === child || !known.has(p) || (parentsOf.get(p) ?? []).length > 0),
    )
    .map(([child]) => child);
}
