import { describe, expect, it } from 'vitest';
import { shouldScrollToTop } from './scroll';

describe('scroll to top', () => {
  it('scrolls on every navigation', () => {
    expect(shouldScrollToTop('/features')).toBe(true);
    expect(shouldScrollToTop('/projects/default')).toBe(true);
    expect(shouldScrollToTop('/projects/default/features/x/strategies')).toBe(true);
  });

  it.each([
    '/features/metrics/x',
    '/features/variants/x',
    '/features/strategies/x',
    '/projects/default/features/x/logs',
    '/history/x/logs',
    '/admin/api',
    '/admin/users',
    '/admin/auth',
  ])('except on %s', (path) => {
    expect(shouldScrollToTop(path)).toBe(false);
  });
});
