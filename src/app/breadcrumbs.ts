/** Segments that never show as a breadcrumb (part 1 section 2). */
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

/** Where a crumb leads when its own path is no screen: a route, with query parameters. */
export interface CrumbLink {
  to: string;
  search?: Record<string, string>;
}

export interface Crumb {
  label: string;
  /** The path up to and including this segment. */
  to: string;
  /** Where the crumb leads while its path has no screen of its own (there is no projects page yet). */
  standIn?: CrumbLink;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Ancestors without a screen lead to the nearest one: the projects to the toggle list, a project to the list
 * filtered by it, a project's archived toggles to the archive.
 */
function standInFor(segments: string[]): CrumbLink | undefined {
  const [first, project, third] = segments;
  if (first !== 'projects') return undefined;
  if (segments.length === 1) return { to: '/features' };
  if (segments.length === 2) return { to: '/features', search: { project: decode(project) } };
  if (segments.length === 3 && third === 'archived') return { to: '/archive' };
  return undefined;
}

export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.flatMap((segment, index) => {
    if (HIDDEN_SEGMENTS.includes(segment)) return [];
    const prefix = segments.slice(0, index + 1);
    const standIn = standInFor(prefix);
    const crumb: Crumb = { label: decode(segment).slice(0, BREADCRUMB_MAX_LENGTH), to: `/${prefix.join('/')}` };
    return [standIn ? { ...crumb, standIn } : crumb];
  });
}

/** Only with more than one shown segment; on admin paths only for admins. */
export function visibleBreadcrumbs(pathname: string, isAdmin: boolean): Crumb[] {
  if (pathname.includes('admin') && !isAdmin) return [];
  const crumbs = breadcrumbs(pathname);
  return crumbs.length > 1 ? crumbs : [];
}
