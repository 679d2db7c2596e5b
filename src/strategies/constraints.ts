/** Constraint rules; the operators and value rules: contract/constraints.ts. */
import {
  CASE_OPERATORS,
  cleanValues,
  constraintValueProblem,
  DEFAULT_OPERATOR,
  isMultiValue,
  VALUES_REQUIRED,
  type Constraint,
  type Operator,
} from '../../contract/constraints';
import type { ContextField } from '../context/rules';

export const ENTERPRISE_ONLY = 'Constraints are only available as an enterprise feature.';

/**
 * Every operator of the client specification, grouped and named in words (the operator picker), with the sentence
 * parts that explain a constraint: `{field} {yes|no} {values}`.
 */
export const OPERATOR_GROUPS: { group: string; operators: { operator: Operator; label: string }[] }[] = [
  {
    group: 'Lists',
    operators: [
      { operator: 'IN', label: 'is one of' },
      { operator: 'NOT_IN', label: 'is not one of' },
    ],
  },
  {
    group: 'Text',
    operators: [
      { operator: 'STR_CONTAINS', label: 'contains' },
      { operator: 'STR_STARTS_WITH', label: 'starts with' },
      { operator: 'STR_ENDS_WITH', label: 'ends with' },
    ],
  },
  {
    group: 'Numbers',
    operators: [
      { operator: 'NUM_EQ', label: 'equals' },
      { operator: 'NUM_GT', label: 'greater than' },
      { operator: 'NUM_GTE', label: 'greater than or equal to' },
      { operator: 'NUM_LT', label: 'less than' },
      { operator: 'NUM_LTE', label: 'less than or equal to' },
    ],
  },
  {
    group: 'Dates',
    operators: [
      { operator: 'DATE_AFTER', label: 'after' },
      { operator: 'DATE_BEFORE', label: 'before' },
    ],
  },
  {
    group: 'Versions',
    operators: [
      { operator: 'SEMVER_EQ', label: 'version is equal to' },
      { operator: 'SEMVER_GT', label: 'version is greater than' },
      { operator: 'SEMVER_GTE', label: 'version is greater than or equal to' },
      { operator: 'SEMVER_LT', label: 'version is less than' },
      { operator: 'SEMVER_LTE', label: 'version is less than or equal to' },
    ],
  },
  { group: 'Patterns', operators: [{ operator: 'REGEX', label: 'matches regular expression' }] },
  { group: 'Network', operators: [{ operator: 'IN_CIDR', label: 'IP address is in range' }] },
];

/** What a constraint says of its context field, and what it says when negated. */
const PHRASES: Record<Operator, [yes: string, no: string]> = {
  IN: ['is one of', 'is NOT one of'],
  NOT_IN: ['is not one of', 'is one of'],
  STR_CONTAINS: ['contains', 'does NOT contain'],
  STR_STARTS_WITH: ['starts with', 'does NOT start with'],
  STR_ENDS_WITH: ['ends with', 'does NOT end with'],
  NUM_EQ: ['equals', 'does NOT equal'],
  NUM_GT: ['is greater than', 'is NOT greater than'],
  NUM_GTE: ['is greater than or equal to', 'is NOT greater than or equal to'],
  NUM_LT: ['is less than', 'is NOT less than'],
  NUM_LTE: ['is less than or equal to', 'is NOT less than or equal to'],
  DATE_AFTER: ['is after', 'is NOT after'],
  DATE_BEFORE: ['is before', 'is NOT before'],
  SEMVER_EQ: ['equals', 'does NOT equal'],
  SEMVER_GT: ['is greater than', 'is NOT greater than'],
  SEMVER_GTE: ['is greater than or equal to', 'is NOT greater than or equal to'],
  SEMVER_LT: ['is less than', 'is NOT less than'],
  SEMVER_LTE: ['is less than or equal to', 'is NOT less than or equal to'],
  REGEX: ['matches', 'does NOT match'],
  IN_CIDR: ['is in', 'is NOT in'],
};

/** The kind of input an operator's value needs. */
export type ValueKind = 'list' | 'number' | 'date' | 'version' | 'pattern' | 'addresses';

export function valueKind(operator: string): ValueKind {
  if (operator === 'IN_CIDR') return 'addresses';
  if (isMultiValue(operator || DEFAULT_OPERATOR)) return 'list';
  if (operator.startsWith('NUM_')) return 'number';
  if (operator.startsWith('DATE_')) return 'date';
  if (operator.startsWith('SEMVER_')) return 'version';
  return 'pattern';
}

export const isCaseOperator = (operator: string) => (CASE_OPERATORS as readonly string[]).includes(operator);

/** A date-time as the sentence shows it: '31 Jan 2025, 13:00 UTC' (unreadable text is shown as it is). */
export function utcDateTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const text = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(time);
  return `${text} UTC`;
}

/** A stored date-time as a datetime-local input shows it, in UTC ('2025-01-31T13:00'); empty when unreadable. */
export function dateInputValue(value: string | undefined): string {
  const time = Date.parse(value ?? '');
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 16);
}

/** A datetime-local input's text, read as UTC, as it is sent: ISO 8601 ('2025-01-31T13:00:00.000Z'). */
export function fromDateInput(text: string): string {
  const time = Date.parse(`${text}Z`);
  return text === '' || Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** 'a', 'a or b', 'a, b or c'. */
function either(values: string[]): string {
  if (values.length <= 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * The constraint in words: 'currentTime is after 31 Jan 2025, 13:00 UTC', 'version is NOT greater than 2.0.0',
 * 'userId is one of 1, 2 or 3', 'email ends with @example.com, ignoring case'.
 */
export function constraintSentence(constraint: Constraint): string {
  const operator = constraint.operator || DEFAULT_OPERATOR;
  const phrases = PHRASES[operator as Operator] as [string, string] | undefined;
  if (!phrases) return `${constraint.contextName} ${operator} ${constraint.value ?? constraint.values.join(', ')}`;
  const phrase = phrases[constraint.inverted ? 1 : 0];
  const kind = valueKind(operator);
  const value = constraint.value?.trim() ?? '';
  const values = cleanValues(constraint.values);
  const what =
    kind === 'list' || kind === 'addresses'
      ? values.length === 0
        ? '(no values)'
        : either(values)
      : kind === 'date'
        ? utcDateTime(value)
        : kind === 'pattern'
          ? `/${value}/`
          : value;
  const ignoringCase = constraint.caseInsensitive && isCaseOperator(operator) ? ', ignoring case' : '';
  return `${constraint.contextName} ${phrase} ${what}${ignoringCase}`;
}

/** A new constraint: the first context field, operator IN, no values yet. */
export function newConstraint(contextFields: ContextField[] | undefined): Constraint {
  return { contextName: contextFields?.[0]?.name ?? '', operator: DEFAULT_OPERATOR, values: [] };
}

/**
 * Another operator: what fits the new one is kept. From a list to one value the first value becomes the value; from
 * one value to a list the value becomes the list when there is none; the other side is kept for switching back.
 */
export function withOperator(constraint: Constraint, operator: string): Constraint {
  const next: Constraint = { ...constraint, operator };
  const values = cleanValues(constraint.values);
  const value = constraint.value?.trim() ?? '';
  if (isMultiValue(operator)) {
    if (values.length === 0 && value !== '') next.values = [value];
  } else if (value === '' && values.length > 0) {
    next.value = values[0];
  }
  return next;
}

/** Whether the constraint names anything to compare with. */
function hasValue(c: Constraint): boolean {
  return isMultiValue(c.operator || DEFAULT_OPERATOR)
    ? cleanValues(c.values).length > 0
    : (c.value?.trim() ?? '') !== '';
}

/**
 * The errors of a list of constraints, by index: a list needs at least one value ('You need to specify at least one
 * value'); otherwise the value rule the server applies (contract/constraints.ts, its VALUE_MESSAGES).
 */
export function constraintErrors(constraints: Constraint[]): (string | undefined)[] {
  return constraints.map((c) => {
    const operator = c.operator || DEFAULT_OPERATOR;
    if (isMultiValue(operator) && cleanValues(c.values).length === 0) return VALUES_REQUIRED;
    return constraintValueProblem({ operator, value: c.value, values: cleanValues(c.values) });
  });
}

/**
 * A constraint as it is sent: the operator named, values cleaned; a list operator sends `values` (no `value`), the
 * others `value` (and no values); case-insensitivity only where it means something.
 */
export function cleanConstraint(c: Constraint): Constraint {
  const operator = c.operator || DEFAULT_OPERATOR;
  const { value, caseInsensitive, ...rest } = c;
  const clean: Constraint = { ...rest, operator, values: isMultiValue(operator) ? cleanValues(c.values) : [] };
  if (!isMultiValue(operator)) clean.value = value?.trim() ?? '';
  if (caseInsensitive !== undefined) clean.caseInsensitive = caseInsensitive && isCaseOperator(operator);
  return clean;
}

/** What closing the constraints dialog keeps: cleaned constraints, and only those that name a value. */
export function dropEmptyConstraints(constraints: Constraint[]): Constraint[] {
  return constraints.filter(hasValue).map(cleanConstraint);
}
