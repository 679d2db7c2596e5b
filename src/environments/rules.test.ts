import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/errors';
import { confirmedName, limitState, NAME_EXISTS, nameErrorMessage, sortOrderBody } from './rules';

describe('environment rules', () => {
  it('maps the new order to positions from 1', () => {
    expect(sortOrderBody(['production', 'default', 'development'])).toEqual({
      production: 1,
      default: 2,
      development: 3,
    });
  });

  it("shows 'Name already exists' for a server message containing 'Environment', any other message as it is", () => {
    expect(nameErrorMessage(new ApiError(409, 'Environment staging already exists'))).toBe(NAME_EXISTS);
    expect(nameErrorMessage(new ApiError(400, '"name" must be URL friendly'))).toBe('"name" must be URL friendly');
    // the limit's refusal names environments in lower case: it is not a taken name
    const limit = 'More than 5 environments are not supported: no environment can be created while 7 or more exist';
    expect(nameErrorMessage(new ApiError(400, limit))).toBe(limit);
  });

  it('enables disabling and deleting only when the typed name equals the name', () => {
    expect(confirmedName('staging', 'staging')).toBe(true);
    expect(confirmedName('Staging', 'staging')).toBe(false);
    expect(confirmedName('staging ', 'staging')).toBe(false);
    expect(confirmedName('', 'staging')).toBe(false);
  });

  it('blocks creation at 7 or more, warns from 5 on', () => {
    expect(limitState(3)).toEqual({ blocked: false, warn: false, left: 4 });
    expect(limitState(5)).toEqual({ blocked: false, warn: true, left: 2 });
    expect(limitState(6)).toEqual({ blocked: false, warn: true, left: 1 });
    expect(limitState(7)).toEqual({ blocked: true, warn: true, left: 0 });
    expect(limitState(10)).toEqual({ blocked: true, warn: true, left: 0 });
  });
});
