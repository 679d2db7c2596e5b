import { RE2JS } from 're2js';
import { Type, type Static } from 'typebox';

/**
 * Constraint operators of Unleash's client specification (6.1): IN and NOT_IN (a missing
 * operator means IN), then the string, number, date, version, regular-expression and network operators.
 */
export const OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_CONTAINS',
  'STR_STARTS_WITH',
  'STR_ENDS_WITH',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_GTE',
  'SEMVER_LT',
  'SEMVER_LTE',
  'REGEX',
  'IN_CIDR',
] as const;
export type Operator = (typeof OPERATORS)[number];
export const DEFAULT_OPERATOR: Operator = 'IN';
export const VALUES_REQUIRED = 'You need to specify at least one value';

export const isOperator = (operator: string): operator is Operator =>
  (OPERATORS as readonly string[]).includes(operator);

/** Operators that compare with a list of values (`values`); every other one compares with one `value`. */
export const MULTI_VALUE_OPERATORS: readonly Operator[] = [
  'IN',
  'NOT_IN',
  'STR_CONTAINS',
  'STR_STARTS_WITH',
  'STR_ENDS_WITH',
  'IN_CIDR',
];
export const isMultiValue = (operator: string) => (MULTI_VALUE_OPERATORS as readonly string[]).includes(operator);

/** Operators for which `caseInsensitive` means something. */
export const CASE_OPERATORS: readonly Operator[] = ['STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH', 'REGEX'];

/** Unleash's limits per strategy: constraints, and values per constraint. */
export const CONSTRAINT_LIMIT = 30;
export const VALUE_LIMIT = 250;

/**
 * A constraint as stored and served: `values` for the list operators, `value` for the others; `inverted` negates
 * the result, `caseInsensitive` applies to the string operators and REGEX. Answers always carry `values`,
 * `inverted` and `caseInsensitive` (as Unleash serves them).
 */
export const ConstraintSchema = Type.Object({
  contextName: Type.String(),
  operator: Type.String(),
  values: Type.Array(Type.String()),
  value: Type.Optional(Type.String()),
  inverted: Type.Optional(Type.Boolean()),
  caseInsensitive: Type.Optional(Type.Boolean()),
});
export type Constraint = Static<typeof ConstraintSchema>;

/**
 * A constraint as a request carries it (a strategy's, a segment's), closed to other fields: the schema caps only the
 * size of what is read (`values` at `maxValues`); the operator's values are checked by constraintValueProblem.
 */
export const constraintBody = (maxValues: number) =>
  Type.Object(
    {
      contextName: Type.String({ minLength: 1, maxLength: 100 }),
      operator: Type.Optional(Type.Enum([...OPERATORS])),
      values: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: maxValues })),
      value: Type.Optional(Type.String({ maxLength: 1000 })),
      inverted: Type.Optional(Type.Boolean()),
      caseInsensitive: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  );

/** Values trimmed, blanks and duplicates dropped. */
export function cleanValues(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** semver.org's expression for a version (2.0.0), prerelease and build included. */
const SEMVER_CORE = '(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)';
const SEMVER_PART = '(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
const SEMVER = new RegExp(
  `^${SEMVER_CORE}(?:-${SEMVER_PART}(?:\\.${SEMVER_PART})*)?(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$`,
);
/** RFC 3339 date-time (a date alone is accepted too, as Unleash's console sends dates at midnight UTC). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const isSemver = (value: string) => SEMVER.test(value);
export const isDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
export const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** An IPv4 or IPv6 address, with an optional prefix length (CIDR). */
export function isCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

function isIpv6(address: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(address) || address.split('::').length > 2) return false;
  const parts = address.split(':');
  const last = parts[parts.length - 1];
  const v4Tail = last.includes('.') ? (IPV4.test(last) ? 2 : -1) : 0;
  if (v4Tail < 0) return false;
  const groups = (v4Tail ? parts.slice(0, -1) : parts).filter((p) => p !== '');
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = groups.length + v4Tail;
  return address.includes('::') ? count < 8 : count === 8;
}

/**
 * Whether a regular expression compiles as RE2, the syntax SDKs evaluate (unleash-client 6 and Yggdrasil) and so
 * does contract/evaluation: inline flags such as (?i) are fine, lookarounds and back-references are not.
 */
export function isRegex(value: string): boolean {
  try {
    RE2JS.compile(value);
    return true;
  } catch {
    return false;
  }
}

/** The messages of the value rules, shown under the field in the console and in the server's 400s. */
export const VALUE_MESSAGES = {
  number: 'Enter a number, such as 42 or 3.5',
  date: 'Enter a date and time, such as 2025-01-31T13:00:00Z',
  semver: 'Enter a semantic version, such as 1.2.3 or 2.0.0-beta.1',
  regex: 'Enter a valid regular expression',
  cidr: 'Enter IP addresses or ranges in CIDR notation, such as 10.0.0.0/8 or 2001:db8::/32',
  value: 'Enter a value',
} as const;

/**
 * The rule for a constraint's value(s), on both sides: the single-value operators need a `value` that fits them
 * (number, date-time, semantic version, regular expression); IN_CIDR needs addresses or ranges; an empty list of
 * values is allowed by the specification (IN matches nothing, NOT_IN everything) and left to the caller.
 * `imported`: state written elsewhere (an import) keeps an IN_CIDR list with some invalid entries as long as one is
 * valid, as SDKs skip the invalid ones (client specification file 22); what a person types has every entry checked.
 * Undefined when the value fits.
 */
export function constraintValueProblem(
  c: Pick<Constraint, 'operator' | 'value' | 'values'>,
  { imported = false }: { imported?: boolean } = {},
): string | undefined {
  const operator = c.operator || DEFAULT_OPERATOR;
  if (isMultiValue(operator)) {
    const values = c.values ?? [];
    if (operator === 'IN_CIDR' && !(imported ? values.some(isCidr) : values.every(isCidr))) return VALUE_MESSAGES.cidr;
    return undefined;
  }
  const value = c.value?.trim() ?? '';
  if (value === '') return VALUE_MESSAGES.value;
  if (operator.startsWith('NUM_')) return isNumber(value) ? undefined : VALUE_MESSAGES.number;
  if (operator.startsWith('DATE_')) return isDateTime(value) ? undefined : VALUE_MESSAGES.date;
  if (operator.startsWith('SEMVER_')) return isSemver(value) ? undefined : VALUE_MESSAGES.semver;
  if (operator === 'REGEX') return isRegex(value) ? undefined : VALUE_MESSAGES.regex;
  return undefined;
}

/**
 * A stored constraint as every answer serves it (Unleash 5's shape): `values` always ([] when none), `inverted` and
 * `caseInsensitive` always (false when not set), `value` only when set. Read paths never change anything else.
 */
export function servedConstraint(c: Constraint): Constraint {
  return {
    contextName: c.contextName,
    operator: c.operator || DEFAULT_OPERATOR,
    values: c.values ?? [],
    ...(c.value === undefined ? {} : { value: c.value }),
    inverted: c.inverted ?? false,
    caseInsensitive: c.caseInsensitive ?? false,
  };
}
