import { ApiError, joiLabel, validationError, type FieldPath } from '../platform/http/errors.ts';

/** Weights are tenths of a percent: the variants of a toggle share exactly this much. */
export const TOTAL_WEIGHT = 1000;
export const PAYLOAD_TYPES = ['string', 'json', 'csv'] as const;
export const WEIGHT_TYPES = ['variable', 'fix'] as const;

export interface Variant {
  name: string;
  weight: number;
  weightType: (typeof WEIGHT_TYPES)[number];
  stickiness: string;
  payload?: { type: (typeof PAYLOAD_TYPES)[number]; value: string };
  overrides: Array<{ contextName: string; values: string[] }>;
}

const VARIANT_KEYS = ['name', 'weight', 'weightType', 'stickiness', 'payload', 'overrides'];
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

function checkVariant(input: unknown, path: FieldPath): Variant {
  const v = at(path).object(input);
  for (const key of Object.keys(v)) {
    if (!VARIANT_KEYS.includes(key)) at([...path, key]).fail('is not allowed', v[key], 'object.unknown');
  }
  const name = at([...path, 'name']).string(v.name);
  if (name.length > 100) at([...path, 'name']).fail('length must be less than or equal to 100 characters long', name, 'string.max');
  const weightType = v.weightType === undefined ? 'variable' : at([...path, 'weightType']).oneOf(v.weightType, WEIGHT_TYPES);
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
 * The one rule for a toggle's variants (classic create/update, project PATCH/PUT of variants): checks every field,
 * names unique, fixed weights at most 1000 in total and at least one variable variant; then recomputes the variable
 * weights so that the total is exactly 1000 (they share what the fixed ones leave by integer division, the remainder
 * going one by one to the first variable variants), as Unleash does. Returns the list as stored.
 */
export function checkVariants(input: unknown): Variant[] {
  const path: FieldPath = ['variants'];
  const variants = at(path).array(input).map((v, i) => checkVariant(v, [...path, i]));
  const seen = new Set<string>();
  variants.forEach((v, i) => {
    if (seen.has(v.name)) at([...path, i, 'name']).fail('contains a duplicate value', v.name, 'array.unique');
    seen.add(v.name);
  });
  if (variants.length === 0) return variants;
  const variable = variants.filter((v) => v.weightType === 'variable');
  if (variable.length === 0) throw new ApiError(400, 'ValidationError', 'There must be at least one variable variant', undefined, { isJoi: true });
  const fixedTotal = variants.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + v.weight, 0);
  if (fixedTotal > TOTAL_WEIGHT) {
    throw new ApiError(400, 'ValidationError', 'The traffic distribution total must equal 100%', undefined, { isJoi: true });
  }
  const left = TOTAL_WEIGHT - fixedTotal;
  const share = Math.floor(left / variable.length);
  const remainder = left % variable.length;
  variable.forEach((v, i) => {
    v.weight = share + (i < remainder ? 1 : 0);
  });
  return variants;
}
