import { describe, expect, it } from 'vitest';
import { addLegalValue, contextFieldValues, DUPLICATE_LEGAL_VALUE } from './rules';

describe('legal values', () => {
  it('are added trimmed and kept sorted; blank adds nothing; a duplicate is refused', () => {
    expect(addLegalValue(['eu', 'us'], ' asia ')).toEqual({ values: ['asia', 'eu', 'us'] });
    expect(addLegalValue(['eu'], '   ')).toEqual({ values: ['eu'] });
    expect(addLegalValue(['eu', 'us'], 'us ')).toEqual({ values: ['eu', 'us'], error: DUPLICATE_LEGAL_VALUE });
  });

  it("an existing field's values are sorted for the form; a field without any has none", () => {
    expect(contextFieldValues({ name: 'region', legalValues: ['us', 'eu'], stickiness: true })).toEqual({
      name: 'region',
      description: '',
      legalValues: ['eu', 'us'],
      stickiness: true,
    });
    expect(contextFieldValues().legalValues).toEqual([]);
  });
});
