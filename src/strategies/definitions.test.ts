import { describe, expect, it } from 'vitest';
import { ApiError, BadRequestError } from '../shared/api/errors';
import {
  cleanDefinitionParameters,
  definitionBody,
  definitionErrorMessage,
  definitionsOrFallback,
  FALLBACK_DEFINITION,
  isBuiltIn,
  pickerSections,
  strategyDefinition,
  strategyDisplayName,
  STRATEGY_EXISTS,
  strategyTitle,
  type StrategyDefinition,
} from './definitions';

const def = (name: string, extra: Partial<StrategyDefinition> = {}): StrategyDefinition => ({
  name,
  parameters: [],
  editable: false,
  ...extra,
});

describe('strategy definitions', () => {
  it('the fallback when none is loaded is flexibleRollout "Gradual rollout" with rollout, stickiness and groupId', () => {
    expect(definitionsOrFallback(undefined)).toEqual([FALLBACK_DEFINITION]);
    expect(definitionsOrFallback([])).toEqual([FALLBACK_DEFINITION]);
    expect(FALLBACK_DEFINITION).toMatchObject({ name: 'flexibleRollout', displayName: 'Gradual rollout' });
    expect(FALLBACK_DEFINITION.parameters).toEqual([
      { name: 'rollout', type: 'percentage', description: '', required: false },
      { name: 'stickiness', type: 'string', description: '', required: true },
      { name: 'groupId', type: 'string', description: '', required: true },
    ]);
  });

  it("a strategy's definition: the loaded one of its name, or missing; while loading the fallback and never missing", () => {
    const region = def('region', { displayName: 'Regions' });
    expect(strategyDefinition([region], 'region')).toEqual({ definition: region, missing: false });
    expect(strategyDefinition([region], 'tenant')).toEqual({ definition: undefined, missing: true });
    expect(strategyDefinition([region], 'flexibleRollout')).toEqual({ definition: undefined, missing: true });
    for (const loading of [undefined, []]) {
      expect(strategyDefinition(loading, 'flexibleRollout')).toEqual({
        definition: FALLBACK_DEFINITION,
        missing: false,
      });
      expect(strategyDefinition(loading, 'region')).toEqual({ definition: undefined, missing: false });
    }
  });

  it("a strategy's title: the spec names, else its definition's display name, else its name", () => {
    const definitions = [def('region', { displayName: 'Regions' })];
    expect(strategyTitle({ name: 'userWithId' }, definitions)).toBe('UserIDs');
    expect(strategyTitle({ name: 'region' }, definitions)).toBe('Regions');
    expect(strategyTitle({ name: 'region' }, undefined)).toBe('region');
    expect(strategyTitle({ name: 'tenant' }, definitions)).toBe('tenant');
  });

  it('the picker lists built-ins in the spec order and custom ones apart; deprecated ones are not offered', () => {
    const loaded = [
      def('applicationHostname'),
      def('remoteAddress'),
      def('gradualRolloutRandom', { editable: true, deprecated: true }),
      def('userWithId'),
      def('flexibleRollout'),
      def('default'),
      def('region', { editable: true }),
      def('old', { editable: true, deprecated: true }),
      def('tenant', { editable: true }),
    ];
    const { builtIn, custom } = pickerSections(loaded);
    expect(builtIn.map((d) => d.name)).toEqual([
      'default',
      'flexibleRollout',
      'userWithId',
      'remoteAddress',
      'applicationHostname',
    ]);
    expect(custom.map((d) => d.name)).toEqual(['region', 'tenant']);
    expect(pickerSections([def('default', { deprecated: true })]).builtIn).toEqual([]);
  });

  it('with no definitions the picker offers the fallback', () => {
    expect(pickerSections(undefined)).toEqual({ builtIn: [FALLBACK_DEFINITION], custom: [] });
  });

  it('built-ins are known by editable false or by name (Unleash 4.2 marks the legacy ones editable)', () => {
    expect(isBuiltIn(def('gradualRolloutUserId', { editable: true }))).toBe(true);
    expect(isBuiltIn(def('region', { editable: true }))).toBe(false);
    expect(isBuiltIn(def('toString', { editable: true }))).toBe(false);
  });

  it('display names: the spec names, else the definition, else the name', () => {
    expect(strategyDisplayName('default')).toBe('Standard');
    expect(strategyDisplayName('gradualRolloutSessionId')).toBe('Sessions');
    expect(strategyDisplayName('region', def('region', { displayName: 'Regions' }))).toBe('Regions');
    expect(strategyDisplayName('region', def('region', { displayName: null }))).toBe('region');
    expect(strategyDisplayName('constructor')).toBe('constructor');
  });
});

describe('custom strategy form rules', () => {
  it('parameters without a name are dropped and a missing type becomes string', () => {
    expect(
      cleanDefinitionParameters([
        { name: ' region ', type: 'list', description: ' Where ', required: true },
        { name: '   ', type: 'number', description: 'nameless', required: false },
        { name: 'label', type: '', description: undefined },
      ]),
    ).toEqual([
      { name: 'region', type: 'list', description: 'Where', required: true },
      { name: 'label', type: 'string', description: '', required: false },
    ]);
  });

  it('the body trims the name and the description', () => {
    expect(definitionBody({ name: ' x ', description: ' d ', parameters: [] })).toEqual({
      name: 'x',
      description: 'd',
      parameters: [],
    });
  });

  it('a taken name reads "A strategy with this name already exists "; other failures keep the server message', () => {
    expect(definitionErrorMessage(new BadRequestError(409, 'Strategy with name x already exists'))).toBe(
      STRATEGY_EXISTS,
    );
    expect(STRATEGY_EXISTS).toBe('A strategy with this name already exists ');
    expect(definitionErrorMessage(new ApiError(400, '"name" must be URL friendly'))).toBe(
      '"name" must be URL friendly',
    );
  });
});
