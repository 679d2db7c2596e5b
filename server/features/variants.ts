import { isNumber } from '../../contract/constraints.ts';
import {
  PAYLOAD_TYPES,
  rebalance,
  TOTAL_WEIGHT,
  WEIGHT_TYPES,
  type StrategyVariant,
  type Variant,
} from '../../contract/variants.ts';
import { ApiError, joiLabel, validationError, type FieldPath } from '../platform/http/errors.ts';

const VARIANT_KEYS = ['name', 'weight', 'weightType', 'stickiness', 'payload', 'overrides'];
/** A strategy variant has no overrides. */
const STRATEGY_VARIANT_KEYS = ['name', 'weight', 'weightType', 'stickiness', 'payload'];

/** `imported`: weights are kept as given (state written elsewhere, with totals other than 1000). */
export interface VariantRuleOptions {
  imported?: boolean;
}
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Joi-like checks of one value at a path; each throws a 400 naming the field. */
const at = (path: FieldPath) => {
  const label = `"${joiLabel(path)}"`;
  return {
    fail: (message: string, value: unknown, type: string): never => {
      throw validationError(path, `${label} ${message}`, value, type);
    },
    object(value: unknown): Record<string, unknown> {
      return isObject(value) ? value : this.fail('must be of type object', value, 'object.base');
    },
    array(value: unknown): unknown[] {
      return Array.isArray(value) ? value : this.fail('must be an array', value, 'array.base');
    },
    string(value: unknown, options: { empty?: boolean } = {}): string {
      if (value === undefined) return this.fail('is required', value, 'any.required');
      if (typeof value !== 'string') return this.fail('must be a string', value, 'string.base');
      if (!options.empty && value.trim() === '') return this.fail('is not allowed to be empty', value, 'string.empty');
      return value;
    },
    oneOf<T extends string>(value: unknown, allowed: readonly T[]): T {
      if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
      return this.fail(`must be one of [${allowed.join(', ')}]`, value, 'any.only');
    },
  };
};

function checkWeight(value: unknown, path: FieldPath): number {
  const field = at(path);
  if (value === undefined) return field.fail('is required', value, 'any.required');
  if (typeof value !== 'number' || !Number.isFinite(value)) return field.fail('must be a number', value, 'number.base');
  if (!Number.isInteger(value)) return field.fail('must be an integer', value, 'number.integer');
  if (value < 0) return field.fail('must be greater than or equal to 0', value, 'number.min');
  if (value > TOTAL_WEIGHT) return field.fail(`must be less than or equal to ${TOTAL_WEIGHT}`, value, 'number.max');
  return value;
}

function checkVariant(input: unknown, path: FieldPath, keys = VARIANT_KEYS): Variant {
  const v = at(path).object(input);
  for (const key of Object.keys(v)) {
    if (!keys.includes(key)) at([...path, key]).fail('is not allowed', v[key], 'object.unknown');
  }
  const name = at([...path, 'name']).string(v.name);
  if (name.length > 100)
    at([...path, 'name']).fail('length must be less than or equal to 100 characters long', name, 'string.max');
  const weightType =
    v.weightType === undefined ? 'variable' : at([...path, 'weightType']).oneOf(v.weightType, WEIGHT_TYPES);
  // A variable variant's weight is recomputed, so it may be left out; a fixed one must say its share.
  const weight = v.weight === undefined && weightType === 'variable' ? 0 : checkWeight(v.weight, [...path, 'weight']);
  const stickiness = v.stickiness === undefined ? 'default' : at([...path, 'stickiness']).string(v.stickiness);
  const variant: Variant = { name, weight, weightType, stickiness, overrides: [] };
  if (v.payload !== undefined && v.payload !== null) {
    const payload = at([...path, 'payload']).object(v.payload);
    const type = at([...path, 'payload', 'type']).oneOf(payload.type, PAYLOAD_TYPES);
    const value = at([...path, 'payload', 'value']).string(payload.value);
    if (type === 'json') {
      try {
        JSON.parse(value);
      } catch {
        at([...path, 'payload', 'value']).fail('must be valid JSON', value, 'string.json');
      }
    }
    if (type === 'number' && !isNumber(value)) {
      at([...path, 'payload', 'value']).fail('must be a number', value, 'number.base');
    }
    variant.payload = { type, value };
  }
  if (v.overrides !== undefined) {
    variant.overrides = at([...path, 'overrides'])
      .array(v.overrides)
      .map((o, k) => {
        const override = at([...path, 'overrides', k]).object(o);
        const contextName = at([...path, 'overrides', k, 'contextName']).string(override.contextName);
        const values = at([...path, 'overrides', k, 'values'])
          .array(override.values)
          .map((value, n) => at([...path, 'overrides', k, 'values', n]).string(value));
        return { contextName, values };
      });
  }
  return variant;
}

/**
 * Checks every variant of a list and that names are unique, then the weight rule of contract/variants.ts (fixed
 * weights at most 1000 in total, at least one variable variant, the variable weights recomputed so that the total is
 * exactly 1000); an import keeps the weights as given.
 */
function checkList(input: unknown, path: FieldPath, keys: string[], options: VariantRuleOptions): Variant[] {
  const variants = at(path)
    .array(input)
    .map((v, i) => checkVariant(v, [...path, i], keys));
  const seen = new Set<string>();
  variants.forEach((v, i) => {
    if (seen.has(v.name)) at([...path, i, 'name']).fail('contains a duplicate value', v.name, 'array.unique');
    seen.add(v.name);
  });
  if (options.imported) return variants;
  const weighed = rebalance(variants);
  if (weighed.error !== undefined)
    throw new ApiError(400, 'ValidationError', weighed.error, undefined, { isJoi: true });
  return weighed.variants;
}

/**
 * The one rule for a toggle's variants (classic create/update, project PATCH/PUT of variants): every field, unique
 * names, the weight rule. Returns the list as stored.
 */
export function checkVariants(input: unknown, options: VariantRuleOptions = {}): Variant[] {
  return checkList(input, ['variants'], VARIANT_KEYS, options);
}

/** The same rule for a strategy's variants (which have no overrides). Returns the list as stored. */
export function checkStrategyVariants(
  input: unknown,
  path: FieldPath,
  options: VariantRuleOptions = {},
): StrategyVariant[] {
  return checkList(input, path, STRATEGY_VARIANT_KEYS, options).map(({ overrides: _overrides, ...variant }) => variant);
}
