/** Paths where navigating keeps the scroll position. */
export const KEEP_SCROLL_PATHS = [
  '/features/metrics',
  '/features/variants',
  '/features/strategies',
  '/logs',
  '/admin/api',
  '/admin/users',
  '/admin/auth',
];

export function shouldScrollToTop(pathname: string): boolean {
  return !KEEP_SCROLL_PATHS.some((part) => pathname.includes(part));
}
