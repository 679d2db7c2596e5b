import {
  type Constraint,
  CONSTRAINT_LIMIT,
  constraintValueProblem,
  DEFAULT_OPERATOR,
  isMultiValue,
  isOperator,
  OPERATORS,
  VALUE_LIMIT,
  VALUES_REQUIRED,
} from '../../../contract/constraints.ts';
import { STRATEGY_SEGMENTS_LIMIT } from '../../../contract/segments.ts';
import type { Db } from '../../platform/db/client.ts';
import { exceedsLimit, type FieldPath, joiLabel, validationError } from '../../platform/http/errors.ts';
import { segmentsByIds } from '../../segments/index.ts';
import { findStrategy, type StrategyParameter } from '../../strategies/index.ts';
import { checkStrategyVariants } from '../variants.ts';
import type { StrategyData } from './store.ts';

/** Unleash's limit of strategies per toggle environment. */
export const STRATEGY_LIMIT = 30;

/** The strategy a toggle gets in an environment where it has none: when it is created, or turned on in bulk. */
export const DEFAULT_STRATEGY: StrategyData = {
  name: 'default',
  parameters: {},
  constraints: [],
  segments: [],
  variants: [],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const fail = (path: FieldPath, message: string, value: unknown, type = 'any.invalid'): never => {
  throw validationError(path, `"${joiLabel(path) || 'value'}" ${message}`, value, type);
};

/**
 * A field the object does not declare is a 400 naming it, never dropped: the request schemas refuse them, and this
 * refuses them in what a JSON patch makes (a constraint patched with `inverted: true` would otherwise be stored
 * with the opposite meaning).
 */
function refuseUnknown(input: Record<string, unknown>, known: readonly string[], at: FieldPath) {
  for (const key of Object.keys(input)) {
    if (!known.includes(key)) fail([...at, key], 'is not allowed', input[key], 'object.unknown');
  }
}

const CONSTRAINT_FIELDS = ['contextName', 'operator', 'values', 'value', 'inverted', 'caseInsensitive'] as const;

/** id and sortOrder come back from our own answers: accepted and ignored. */
const STRATEGY_FIELDS = ['name', 'parameters', 'constraints', 'segments', 'variants', 'id', 'sortOrder'] as const;

/** What Unleash's console leaves out of a Gradual rollout and fills in itself: used when a value is missing. */
function flexibleRolloutDefaults(featureName: string): Record<string, string> {
  return { rollout: '100', stickiness: 'default', groupId: featureName };
}

/**
 * Checks parameter values against the definition's parameters: values are text (numbers and booleans are turned
 * into text); percentage is a whole number 0..100, number digits only, boolean 'true'/'false', list and string any
 * text; required ones must be present and non-empty; parameters the definition does not have are refused.
 */
export function checkParameters(
  definition: { name: string; parameters: StrategyParameter[] },
  input: unknown,
  featureName: string,
  at: FieldPath = [],
): Record<string, string> {
  const path = [...at, 'parameters'];
  if (input !== undefined && input !== null && !isObject(input))
    fail(path, 'must be of type object', input, 'object.base');
  const given = (input ?? {}) as Record<string, unknown>;
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const field = [...path, name];
    if (!definition.parameters.some((p) => p.name === name)) {
      fail(field, `is not allowed: the strategy ${definition.name} has no parameter ${name}`, value, 'object.unknown');
    }
    if (typeof value === 'number' && Number.isFinite(value)) parameters[name] = String(value);
    else if (typeof value === 'boolean') parameters[name] = String(value);
    else if (typeof value === 'string') parameters[name] = value;
    else fail(field, 'must be a string', value, 'string.base');
  }
  if (definition.name === 'flexibleRollout') {
    for (const [name, value] of Object.entries(flexibleRolloutDefaults(featureName))) {
      if (!parameters[name]?.trim()) parameters[name] = value;
    }
  }
  for (const p of definition.parameters) {
    const field = [...path, p.name];
    const value = parameters[p.name];
    if (value === undefined || value.trim() === '') {
      if (p.required) fail(field, 'is required', value, 'any.required');
      continue;
    }
    if (p.type === 'percentage' && !(/^\d+$/.test(value) && Number(value) <= 100)) {
      fail(field, 'must be a whole number from 0 to 100', value, 'number.base');
    }
    if (p.type === 'number' && !/^\d+$/.test(value))
      fail(field, 'must be a number (digits only)', value, 'number.base');
    if (p.type === 'boolean' && value !== 'true' && value !== 'false')
      fail(field, 'must be true or false', value, 'boolean.base');
  }
  return parameters;
}

/**
 * How lenient the rules are. The admin API's calls use the strict rule; an import of state written elsewhere (the
 * specification's files, another Unleash) passes `imported`: constraints may have empty value lists (IN then matches
 * nothing, NOT_IN everything) and operators this server does not know (SDKs evaluate them as false), and variant
 * weights are kept as given instead of being rebalanced to a total of 1000.
 */
export interface StrategyRuleOptions {
  imported?: boolean;
}

const optionalBoolean = (value: unknown, path: FieldPath): boolean | undefined => {
  if (value === undefined) return undefined;
  return typeof value === 'boolean' ? value : fail(path, 'must be a boolean', value, 'boolean.base');
};

const checkValue = (value: unknown, path: FieldPath): string | undefined => {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : fail(path, 'must be a string', value, 'string.base');
};

/**
 * Checks constraints: at most 30, each with a context name and one of the specification's operators (default IN);
 * the list operators need 1 to 250 non-empty `values`, the others a `value` that fits them (constraintValueProblem,
 * the one value rule the console shows too, naming `value` or `values`); `inverted` and `caseInsensitive` are
 * booleans; no other field. Returns them as stored: as sent, the context name trimmed and the operator filled in.
 */
export function checkConstraints(input: unknown, at: FieldPath = [], options: StrategyRuleOptions = {}): Constraint[] {
  const path = [...at, 'constraints'];
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return fail(path, 'must be an array', input, 'array.base');
  if (input.length > CONSTRAINT_LIMIT)
    throw exceedsLimit(`Constraint limit of ${CONSTRAINT_LIMIT} reached for this strategy`);
  return input.map((c, i) => {
    const field = [...path, i];
    if (!isObject(c)) return fail(field, 'must be of type object', c, 'object.base');
    refuseUnknown(c, CONSTRAINT_FIELDS, field);
    if (typeof c.contextName !== 'string')
      fail([...field, 'contextName'], 'must be a string', c.contextName, 'string.base');
    const contextName = (c.contextName as string).trim();
    if (contextName === '')
      fail([...field, 'contextName'], 'is not allowed to be empty', c.contextName, 'string.empty');
    const operator = c.operator ?? DEFAULT_OPERATOR;
    if (typeof operator !== 'string' || (!isOperator(operator) && !options.imported)) {
      fail([...field, 'operator'], `must be one of [${OPERATORS.join(', ')}]`, operator, 'any.only');
    }
    const sent = c.values ?? [];
    if (!Array.isArray(sent)) return fail([...field, 'values'], 'must be an array', c.values, 'array.base');
    if (sent.length > VALUE_LIMIT) {
      throw exceedsLimit(`Constraint value limit of ${VALUE_LIMIT} reached for the constraint on ${contextName}`);
    }
    const values = sent.map((v, k) => {
      if (typeof v !== 'string') return fail([...field, 'values', k], 'must be a string', v, 'string.base');
      if (v.trim() === '') fail([...field, 'values', k], 'is not allowed to be empty', v, 'string.empty');
      return v;
    });
    const constraint: Constraint = { contextName, operator: operator as string, values };
    const value = checkValue(c.value, [...field, 'value']);
    if (value !== undefined) constraint.value = value;
    const inverted = optionalBoolean(c.inverted, [...field, 'inverted']);
    if (inverted !== undefined) constraint.inverted = inverted;
    const caseInsensitive = optionalBoolean(c.caseInsensitive, [...field, 'caseInsensitive']);
    if (caseInsensitive !== undefined) constraint.caseInsensitive = caseInsensitive;
    if (!isOperator(constraint.operator)) return constraint;
    if (isMultiValue(constraint.operator) && values.length === 0 && !options.imported) {
      throw validationError([...field, 'values'], VALUES_REQUIRED, c.values, 'array.min');
    }
    const problem = constraintValueProblem(constraint);
    if (problem) {
      const name = isMultiValue(constraint.operator) ? 'values' : 'value';
      throw validationError([...field, name], problem, constraint[name], 'any.invalid');
    }
    return constraint;
  });
}

/** Segment ids: whole numbers, no repeats, at most STRATEGY_SEGMENTS_LIMIT, each one of the project's or global. */
async function checkSegments(db: Db, input: unknown, project: string, at: FieldPath): Promise<number[]> {
  const path = [...at, 'segments'];
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return fail(path, 'must be an array', input, 'array.base');
  const ids = input.map((id, i) =>
    Number.isInteger(id) && (id as number) > 0
      ? (id as number)
      : fail([...path, i], 'must be a positive whole number', id, 'number.base'),
  );
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) fail([...path, i], 'contains a duplicate value', id, 'array.unique');
  });
  if (ids.length > STRATEGY_SEGMENTS_LIMIT) {
    throw exceedsLimit(`Segment limit of ${STRATEGY_SEGMENTS_LIMIT} reached for this strategy`);
  }
  const found = new Map((await segmentsByIds(db, ids)).map((s) => [s.id, s]));
  ids.forEach((id, i) => {
    const segment = found.get(id);
    if (!segment) throw validationError([...path, i], `The segment with id ${id} does not exist`, id);
    if (segment.project !== null && segment.project !== project) {
      throw validationError(
        [...path, i],
        `The segment ${segment.name} belongs to project ${segment.project}: it cannot be used in project ${project}`,
        id,
      );
    }
  });
  return ids;
}

/**
 * The one rule for a strategy instance (project strategy calls, JSON patches of them and the classic toggle's
 * strategies): the name must be a defined strategy, parameters and constraints as above, segments that exist in the
 * toggle's project, variants by the variants rule; no other field but id and sortOrder (ignored).
 */
export async function checkStrategy(
  db: Db,
  input: unknown,
  feature: { name: string; project: string },
  at: FieldPath = [],
  options: StrategyRuleOptions = {},
): Promise<StrategyData> {
  if (!isObject(input)) return fail(at, 'must be of type object', input, 'object.base');
  refuseUnknown(input, STRATEGY_FIELDS, at);
  const name = input.name;
  if (typeof name !== 'string' || name.trim() === '') return fail([...at, 'name'], 'is required', name, 'any.required');
  const definition = await findStrategy(db, name);
  if (!definition) throw validationError([...at, 'name'], `The strategy definition "${name}" does not exist`, name);
  return {
    name,
    parameters: checkParameters(definition, input.parameters, feature.name, at),
    constraints: checkConstraints(input.constraints, at, options),
    segments: await checkSegments(db, input.segments, feature.project, at),
    variants:
      input.variants === undefined || input.variants === null
        ? []
        : checkStrategyVariants(input.variants, [...at, 'variants'], options),
  };
}
