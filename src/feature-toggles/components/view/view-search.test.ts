import { describe, expect, it } from 'vitest';
import { isFeatureViewTab, validateFeatureViewSearch } from './view-search';

describe('features2 route parameters', () => {
  it('reads environment and addStrategy=true, and ignores anything else', () => {
    expect(validateFeatureViewSearch({ environment: 'production', addStrategy: 'true' })).toEqual({
      environment: 'production',
      addStrategy: true,
    });
    expect(validateFeatureViewSearch({ addStrategy: true })).toEqual({ environment: undefined, addStrategy: true });
    expect(validateFeatureViewSearch({ environment: '', addStrategy: 'yes', other: 1 })).toEqual({
      environment: undefined,
      addStrategy: undefined,
    });
  });

  it('knows the tabs', () => {
    expect(['overview', 'strategies', 'metrics', 'variants', 'settings', 'logs'].every(isFeatureViewTab)).toBe(true);
    expect(isFeatureViewTab('activation')).toBe(false);
    expect(isFeatureViewTab(undefined)).toBe(false);
  });
});
