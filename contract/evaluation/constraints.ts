import { Address4, Address6 } from 'ip-address';
import { RE2JS } from 're2js';
import semverValid from 'semver/functions/valid.js';
import semverEq from 'semver/functions/eq.js';
import semverGt from 'semver/functions/gt.js';
import semverGte from 'semver/functions/gte.js';
import semverLt from 'semver/functions/lt.js';
import semverLte from 'semver/functions/lte.js';
import { cleanValues, DEFAULT_OPERATOR, type Constraint } from '../constraints.ts';
import { contextValue, type EvaluationContext } from './context.ts';

// The constraint operators as Unleash's SDKs evaluate them (client specification 6.1, files 09, 11, 13, 14, 21, 22).

type Check = (constraint: Constraint, context: EvaluationContext) => boolean;

const inList: Check = (c, context) => {
  const value = contextValue(context, c.contextName);
  const found = value !== undefined && cleanValues(c.values ?? []).includes(value);
  return (c.operator || DEFAULT_OPERATOR) === 'NOT_IN' ? !found : found;
};

const stringCheck =
  (test: (value: string, candidate: string) => boolean): Check =>
  (c, context) => {
    const value = contextValue(context, c.contextName);
    if (value === undefined) return false;
    const fold = (s: string) => (c.caseInsensitive ? s.toLocaleLowerCase() : s);
    return cleanValues(c.values ?? []).some((candidate) => test(fold(value), fold(candidate)));
  };

const numberCheck =
  (test: (value: number, wanted: number) => boolean): Check =>
  (c, context) => {
    const wanted = Number(c.value);
    const value = Number(contextValue(context, c.contextName));
    return !Number.isNaN(wanted) && !Number.isNaN(value) && test(value, wanted);
  };

const dateCheck =
  (test: (now: Date, wanted: Date) => boolean): Check =>
  (c, context) =>
    test(context.currentTime ? new Date(context.currentTime) : new Date(), new Date(c.value ?? ''));

const semverCheck =
  (test: (value: string, wanted: string) => boolean): Check =>
  (c, context) => {
    const value = contextValue(context, c.contextName);
    if (!value || !semverValid(value) || value.startsWith('v')) return false;
    try {
      return test(value, c.value ?? '');
    } catch {
      return false; // the constraint's own value is no version
    }
  };

/**
 * Compiled expressions per constraint (a served constraint is never changed). REGEX is RE2's syntax, as the SDKs
 * evaluate it (inline flags such as `(?i)`, POSIX classes; no backreferences or lookaround) in linear time, so a
 * context value sent by anyone cannot make an expression take long; one RE2 refuses matches nothing.
 */
const compiled = new WeakMap<Constraint, RE2JS | null>();
function regexOf(c: Constraint): RE2JS | null {
  if (!compiled.has(c)) {
    try {
      compiled.set(c, RE2JS.compile(c.value ?? '', c.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0));
    } catch {
      compiled.set(c, null);
    }
  }
  return compiled.get(c) ?? null;
}

const regexCheck: Check = (c, context) => {
  const value = contextValue(context, c.contextName);
  const regex = regexOf(c);
  return value !== undefined && regex !== null && regex.matcher(value).find();
};

function inRange<A extends Address4 | Address6>(address: A, range: string, Kind: typeof Address4 | typeof Address6) {
  if (!Kind.isValid(range)) return false;
  const subnet = new Kind(range);
  return address.correctForm() === subnet.correctForm() || address.isInSubnet(subnet);
}

const cidrCheck: Check = (c, context) => {
  const value = contextValue(context, c.contextName);
  if (value === undefined) return false;
  const ranges = cleanValues(c.values ?? []);
  if (Address4.isValid(value)) return ranges.some((r) => inRange(new Address4(value), r, Address4));
  if (Address6.isValid(value)) return ranges.some((r) => inRange(new Address6(value), r, Address6));
  return false;
};

const CHECKS: Record<string, Check> = {
  IN: inList,
  NOT_IN: inList,
  STR_CONTAINS: stringCheck((value, candidate) => value.includes(candidate)),
  STR_STARTS_WITH: stringCheck((value, candidate) => value.startsWith(candidate)),
  STR_ENDS_WITH: stringCheck((value, candidate) => value.endsWith(candidate)),
  NUM_EQ: numberCheck((value, wanted) => value === wanted),
  NUM_GT: numberCheck((value, wanted) => value > wanted),
  NUM_GTE: numberCheck((value, wanted) => value >= wanted),
  NUM_LT: numberCheck((value, wanted) => value < wanted),
  NUM_LTE: numberCheck((value, wanted) => value <= wanted),
  DATE_AFTER: dateCheck((now, wanted) => now > wanted),
  DATE_BEFORE: dateCheck((now, wanted) => now < wanted),
  SEMVER_EQ: semverCheck(semverEq),
  SEMVER_GT: semverCheck(semverGt),
  SEMVER_GTE: semverCheck(semverGte),
  SEMVER_LT: semverCheck(semverLt),
  SEMVER_LTE: semverCheck(semverLte),
  REGEX: regexCheck,
  IN_CIDR: cidrCheck,
};

/** Whether the context satisfies one constraint; an unknown operator never does (inverted or not). */
export function constraintHolds(constraint: Constraint, context: EvaluationContext): boolean {
  const check = CHECKS[constraint.operator || DEFAULT_OPERATOR];
  if (!check) return false;
  return check(constraint, context) !== Boolean(constraint.inverted);
}
