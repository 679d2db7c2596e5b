import { describe, expect, it } from 'vitest';
import { ApiError, BadRequestError } from '../shared/api/errors';
import {
  cleanDefinitionParameters,
  definitionBody,
  definitionErrorMessage,
  STRATEGY_EXISTS,
} from './strategy-definition-form';

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
