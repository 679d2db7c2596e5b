/** Segments that never show as a breadcrumb. */
export const HIDDEN_SEGMENTS = [
  'create',
  'edit',
  'view',
  'variants',
  'logs',
  'metrics',
  'copy',
  'strategies',
  'features',
  'features2',
];
export const BREADCRUMB_MAX_LENGTH = 30;

export interface Crumb {
  label: string;
  /** The path up to and including this segment. */
  to: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.flatMap((segment, index) => {
    if (HIDDEN_SEGMENTS.includes(segment)) return [];
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    return [{ label: decode(segment).slice(0, BREADCRUMB_MAX_LENGTH), to }];
  });
}

/** Only with more than one shown segment; on admin paths only for admins. */
export function visibleBreadcrumbs(pathname: string, isAdmin: boolean): Crumb[] {
  if (pathname.includes('admin') && !isAdmin) return [];
  const crumbs = breadcrumbs(pathname);
  return crumbs.length > 1 ? crumbs : [];
}
