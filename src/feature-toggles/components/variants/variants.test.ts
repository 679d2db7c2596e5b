import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/api/errors';
import { NO_VARIABLE_VARIANT, rebalance, TOTAL_EXCEEDED, type Variant } from '../../../../contract/variants';
import {
  applyDraft,
  COULD_NOT_ADD,
  draftOf,
  DUPLICATE_NAME,
  NAME_REQUIRED,
  newDraft,
  removeVariant,
  saveErrorMessage,
  toPercent,
  type VariantDraft,
  WEIGHT_NOT_NUMBER,
  WEIGHT_RANGE,
  withStickiness,
} from './variants';

const variable = (name: string, weight = 0, stickiness = 'default'): Variant => ({
  name,
  weight,
  weightType: 'variable',
  stickiness,
  overrides: [],
});
const fixed = (name: string, weight: number): Variant => ({
  name,
  weight,
  weightType: 'fix',
  stickiness: 'default',
  overrides: [],
});
const weights = (list: Variant[]) => list.map((v) => v.weight);
const draft = (changes: Partial<VariantDraft>): VariantDraft => ({ ...newDraft([]), ...changes });

/** The list of a result that must have passed the rules. */
function ok(result: { variants: Variant[] } | { error: string } | { errors: unknown }): { variants: Variant[] } {
  if (!('variants' in result)) throw new Error(JSON.stringify(result));
  return result;
}

describe('rebalance', () => {
  it('gives a single variable variant the whole total and shows weights as weight / 10', () => {
    expect(weights(ok(rebalance([variable('a')])).variants)).toEqual([1000]);
    expect(toPercent(1000)).toBe(100);
    expect(toPercent(333)).toBe(33.3);
  });

  it('shares the total by integer division; the remainder goes a tenth each to the first variable variants', () => {
    expect(weights(ok(rebalance([variable('a'), variable('b'), variable('c')])).variants)).toEqual([334, 333, 333]);
    expect(weights(ok(rebalance([variable('a'), variable('b')])).variants)).toEqual([500, 500]);
    const seven = ok(rebalance(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => variable(n)))).variants;
    expect(weights(seven)).toEqual([143, 143, 143, 143, 143, 143, 142]);
    expect(weights(seven).reduce((a, b) => a + b)).toBe(1000);
  });

  it('fixed weights stay; the variable ones share what is left (the first variable one takes the remainder)', () => {
    expect(weights(ok(rebalance([variable('a'), fixed('b', 500), variable('c')])).variants)).toEqual([250, 500, 250]);
    expect(weights(ok(rebalance([fixed('a', 333), variable('b'), variable('c')])).variants)).toEqual([333, 334, 333]);
    expect(weights(ok(rebalance([fixed('a', 1000), variable('b')])).variants)).toEqual([1000, 0]);
  });

  it('fixed weights above the total and lists without a variable variant are refused', () => {
    expect(rebalance([fixed('a', 600), fixed('b', 500), variable('c')])).toEqual({ error: TOTAL_EXCEEDED });
    expect(rebalance([fixed('a', 500), fixed('b', 500)])).toEqual({ error: NO_VARIABLE_VARIANT });
  });

  it('treats a variant without a weight type as variable and accepts an empty list', () => {
    expect(weights(ok(rebalance([{ name: 'old', weight: 10 }, fixed('b', 200)])).variants)).toEqual([800, 200]);
    expect(ok(rebalance([])).variants).toEqual([]);
  });
});

describe('the add and edit dialog rules', () => {
  it('the first variant defaults to 100 %, later ones to variable', () => {
    expect(newDraft([])).toMatchObject({ weightType: 'variable', weight: '100' });
    expect(newDraft([variable('a', 1000)])).toMatchObject({ weightType: 'variable', weight: '0' });
    const first = ok(applyDraft([], draft({ name: 'a' }))).variants;
    expect(first).toEqual([{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [] }]);
  });

  it('adding rebalances every variable variant; a new one takes the first variant’s stickiness', () => {
    const list = [variable('a', 500, 'userId'), variable('b', 500, 'userId')];
    const next = ok(applyDraft(list, draft({ name: ' c ' }))).variants;
    expect(next.map((v) => [v.name, v.weight, v.stickiness])).toEqual([
      ['a', 334, 'userId'],
      ['b', 333, 'userId'],
      ['c', 333, 'userId'],
    ]);
  });

  it('three variants, one made fixed at 50 %: the others share the rest', () => {
    const list = ok(rebalance([variable('a'), variable('b'), variable('c')])).variants;
    const next = ok(applyDraft(list, { ...draftOf(list[1]), weightType: 'fix', weight: '50' }, 1)).variants;
    expect(next.map((v) => [v.name, v.weightType, toPercent(v.weight)])).toEqual([
      ['a', 'variable', 25],
      ['b', 'fix', 50],
      ['c', 'variable', 25],
    ]);
  });

  it('a fixed weight keeps tenths of a percent', () => {
    const next = ok(
      applyDraft([variable('a', 1000)], draft({ name: 'b', weightType: 'fix', weight: '12.5' })),
    ).variants;
    expect(weights(next)).toEqual([875, 125]);
  });

  it('name is required and unique; the weight must be a number between 0 and 100', () => {
    expect(applyDraft([], draft({ name: '  ' }))).toEqual({ errors: { name: NAME_REQUIRED } });
    expect(applyDraft([variable('a', 1000)], draft({ name: 'a' }))).toEqual({ errors: { name: DUPLICATE_NAME } });
    expect(applyDraft([variable('a', 1000)], draft({ name: 'b', weightType: 'fix', weight: '101' }))).toEqual({
      errors: { weight: WEIGHT_RANGE },
    });
    expect(applyDraft([variable('a', 1000)], draft({ name: 'b', weightType: 'fix', weight: '-1' }))).toEqual({
      errors: { weight: WEIGHT_RANGE },
    });
    expect(applyDraft([variable('a', 1000)], draft({ name: 'b', weightType: 'fix', weight: 'ten' }))).toEqual({
      errors: { weight: WEIGHT_NOT_NUMBER },
    });
    // Editing a variant keeps its own name.
    expect(applyDraft([variable('a', 1000)], draft({ name: 'a' }), 0)).not.toHaveProperty('errors');
  });

  it('the list rules show as a general error', () => {
    const list = [fixed('a', 600), variable('b', 400)];
    expect(applyDraft(list, draft({ name: 'c', weightType: 'fix', weight: '50' }))).toEqual({
      errors: { general: TOTAL_EXCEEDED },
    });
    expect(
      applyDraft([variable('a', 1000)], { ...draftOf(variable('a', 1000)), weightType: 'fix', weight: '100' }, 0),
    ).toEqual({
      errors: { general: NO_VARIABLE_VARIANT },
    });
  });

  it('drops empty overrides, cleans override values and keeps a payload only when it has a value', () => {
    const next = ok(
      applyDraft(
        [],
        draft({
          name: 'a',
          payloadType: 'json',
          payloadValue: '{"x":1}',
          overrides: [
            { contextName: 'userId', values: [' 1 ', '2', '1', ''] },
            { contextName: 'sessionId', values: [' '] },
          ],
        }),
      ),
    ).variants;
    expect(next[0].payload).toEqual({ type: 'json', value: '{"x":1}' });
    expect(next[0].overrides).toEqual([{ contextName: 'userId', values: ['1', '2'] }]);
    expect(ok(applyDraft([], draft({ name: 'a', payloadValue: '  ' }))).variants[0]).not.toHaveProperty('payload');
  });

  it('editing round-trips a variant through the draft and keeps its stickiness', () => {
    const v: Variant = {
      name: 'a',
      weight: 1000,
      weightType: 'variable',
      stickiness: 'sessionId',
      payload: { type: 'csv', value: 'x,y' },
      overrides: [{ contextName: 'userId', values: ['7'] }],
    };
    expect(ok(applyDraft([v], draftOf(v), 0)).variants).toEqual([v]);
  });

  it('deleting rebalances the rest', () => {
    const list = ok(rebalance([variable('a'), variable('b'), variable('c')])).variants;
    expect(weights(ok(removeVariant(list, 0)).variants)).toEqual([500, 500]);
    expect(ok(removeVariant([variable('a', 1000)], 0)).variants).toEqual([]);
  });
});

describe('stickiness', () => {
  it('is the same for every variant of a toggle', () => {
    expect(withStickiness([variable('a'), variable('b')], 'random').map((v) => v.stickiness)).toEqual([
      'random',
      'random',
    ]);
  });
});

describe('server errors', () => {
  const failure = (message?: string) =>
    new BadRequestError(400, 'Bad request format', message === undefined ? {} : { details: [{ message }] });

  it('maps the first detail as the spec says', () => {
    expect(saveErrorMessage(failure('insert or update: duplicate value for "a"'))).toEqual({ name: DUPLICATE_NAME });
    expect(saveErrorMessage(failure('"weight" must be a number'))).toEqual({ weight: WEIGHT_NOT_NUMBER });
    expect(saveErrorMessage(failure('"stickiness" is not allowed'))).toEqual({
      general: '"stickiness" is not allowed',
    });
    expect(saveErrorMessage(failure())).toEqual({ general: COULD_NOT_ADD });
    expect(saveErrorMessage(new Error('offline'))).toEqual({ general: COULD_NOT_ADD });
  });
});
