import {
  rebalance,
  TOTAL_WEIGHT,
  type Override,
  type PayloadType,
  type StrategyVariant,
  type Variant,
  type WeightType,
} from '../../../../contract/variants';
import { ApiError } from '../../../shared/api/errors';
import { cleanValues } from '../../../../contract/constraints';
import { DEFAULT_STICKINESS } from '../../../strategies/parameters';

/** Variant rules of the console (the weight rule itself: contract/variants.ts). */
export const DEFAULT_OVERRIDE_CONTEXT = 'userId';

export const NAME_REQUIRED = 'Name is required';
export const WEIGHT_RANGE = 'weight must be between 0 and 100';
export const WEIGHT_NOT_NUMBER = 'Weight must be a number';
export const DUPLICATE_NAME = 'A variant with that name already exists.';
export const COULD_NOT_ADD = 'Could not add variant';

/** A weight as a percentage for display: 333 → 33.3. */
export const toPercent = (weight: number) => weight / 10;

/** The values the add/edit dialog edits; the weight is the percentage as typed. */
export interface VariantDraft {
  name: string;
  weightType: WeightType;
  weight: string;
  payloadType: PayloadType;
  payloadValue: string;
  overrides: Override[];
}

/**
 * A new variant: the first defaults to weight 1000 (100 %), later ones to variable with the remaining weight shared.
 * Both are variable: the first takes the whole total when the list is rebalanced.
 */
export function newDraft(existing: Variant[]): VariantDraft {
  return {
    name: '',
    weightType: 'variable',
    weight: existing.length === 0 ? String(toPercent(TOTAL_WEIGHT)) : '0',
    payloadType: 'string',
    payloadValue: '',
    overrides: [],
  };
}

export function draftOf(variant: Variant): VariantDraft {
  return {
    name: variant.name,
    weightType: variant.weightType === 'fix' ? 'fix' : 'variable',
    weight: String(toPercent(variant.weight)),
    payloadType: variant.payload?.type ?? 'string',
    payloadValue: variant.payload?.value ?? '',
    overrides: variant.overrides?.map((o) => ({ ...o, values: [...o.values] })) ?? [],
  };
}

export interface DraftErrors {
  name?: string;
  weight?: string;
  /** A rule about the whole list, or a failure of the save. */
  general?: string;
}

/**
 * Checks a draft against the list it joins (`index` is the edited variant's position, or undefined for a new one)
 * and returns the new, rebalanced list. A new variant takes the stickiness of the first existing one, or 'default';
 * empty overrides are dropped; a payload is kept only when it has a value.
 */
export function applyDraft(
  variants: Variant[],
  draft: VariantDraft,
  index?: number,
): { variants: Variant[]; errors?: undefined } | { errors: DraftErrors } {
  const name = draft.name.trim();
  const errors: DraftErrors = {};
  if (!name) errors.name = NAME_REQUIRED;
  else if (variants.some((v, i) => i !== index && v.name === name)) errors.name = DUPLICATE_NAME;
  let weight = 0;
  if (draft.weightType === 'fix') {
    const percent = Number(draft.weight.trim().replace(',', '.'));
    if (draft.weight.trim() === '' || Number.isNaN(percent)) errors.weight = WEIGHT_NOT_NUMBER;
    else if (percent < 0 || percent > 100) errors.weight = WEIGHT_RANGE;
    else weight = Math.round(percent * 10);
  }
  if (errors.name || errors.weight) return { errors };

  const previous = index === undefined ? undefined : variants[index];
  const overrides = draft.overrides
    .map((o) => ({ contextName: o.contextName, values: cleanValues(o.values) }))
    .filter((o) => o.values.length > 0);
  const variant: Variant = {
    name,
    weight,
    weightType: draft.weightType,
    stickiness: previous?.stickiness ?? variants[0]?.stickiness ?? DEFAULT_STICKINESS,
    ...(draft.payloadValue.trim() ? { payload: { type: draft.payloadType, value: draft.payloadValue } } : {}),
    overrides,
  };
  const next = index === undefined ? [...variants, variant] : variants.map((v, i) => (i === index ? variant : v));
  const result = rebalance(next);
  return 'variants' in result ? { variants: result.variants } : { errors: { general: result.error } };
}

/** Deleting rebalances the rest (an empty list is allowed). */
export function removeVariant(variants: Variant[], index: number) {
  return rebalance(variants.filter((_, i) => i !== index));
}

/** A strategy's variants: the toggle variants' rules apply, but a strategy variant has no overrides. */
export const toStrategyVariants = (variants: Variant[]): StrategyVariant[] =>
  variants.map(({ overrides: _overrides, ...variant }) => variant);

/** Every variant of a toggle shares one stickiness. */
export function withStickiness(variants: Variant[], stickiness: string): Variant[] {
  return variants.map((v) => ({ ...v, stickiness }));
}

/** The message for a failed save, from the server's first detail. */
export function saveErrorMessage(error: unknown): DraftErrors {
  const body = error instanceof ApiError ? error.body : undefined;
  const details = (body as { details?: { message?: unknown }[] } | undefined)?.details;
  const detail = Array.isArray(details) && typeof details[0]?.message === 'string' ? details[0].message : undefined;
  if (detail?.includes('duplicate value')) return { name: DUPLICATE_NAME };
  if (detail?.includes('must be a number')) return { weight: WEIGHT_NOT_NUMBER };
  return { general: detail || COULD_NOT_ADD };
}
