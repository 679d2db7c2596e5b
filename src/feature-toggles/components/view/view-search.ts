/**
 * The features2 view's tabs and query parameters. The router imports this small module (not the lazy page) for
 * the routes /projects/{projectId}/features2/{featureId} (Overview) and .../{featureId}/{activeTab}.
 */
export const FEATURE_VIEW_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'strategies', label: 'Strategies' },
  { value: 'metrics', label: 'Metrics' },
  { value: 'variants', label: 'Variants' },
  { value: 'compare', label: 'Compare environments' },
  { value: 'settings', label: 'Settings' },
  { value: 'logs', label: 'Event log' },
] as const;

export type FeatureViewTab = (typeof FEATURE_VIEW_TABS)[number]['value'];

/** Overview is the exact path; every other tab is a path segment. */
export const OVERVIEW_TAB: FeatureViewTab = 'overview';

export function isFeatureViewTab(value: string | undefined): value is FeatureViewTab {
  return FEATURE_VIEW_TABS.some((tab) => tab.value === value);
}

/** /strategies accepts environment (selects the environment tab) and addStrategy=true (opens the strategy sidebar). */
export interface FeatureViewSearch {
  environment?: string;
  addStrategy?: boolean;
}

export function validateFeatureViewSearch(search: Record<string, unknown>): FeatureViewSearch {
  const environment = typeof search.environment === 'string' && search.environment ? search.environment : undefined;
  return {
    environment,
    addStrategy: search.addStrategy === true || search.addStrategy === 'true' ? true : undefined,
  };
}
