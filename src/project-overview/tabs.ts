/** The project page's tabs: overview is the base path, the others a path segment. */
export const PROJECT_TABS = ['overview', 'health', 'change-requests', 'access', 'environments', 'settings'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** Whether a path segment names one of the tabs that have their own path. */
export const isTabSegment = (segment: string): segment is Exclude<ProjectTab, 'overview'> =>
  segment !== 'overview' && (PROJECT_TABS as readonly string[]).includes(segment);
