/** The project page's texts (spec part 2 sections 2, 4, 8 and 9), verbatim. */
export const PROJECT_CREATED = 'Project created';
export const PROJECT_UPDATED = 'Project updated';
export const NO_TOGGLES = 'No feature toggles added yet.';
export const fetchHealthFailed = (id: string) => `Could not fetch health rating for ${id}`;
export const ENVIRONMENT_API_ERROR = 'Got an API error when trying to enable/disable the environment.';
export const environmentSwitched = (enabled: boolean) =>
  `Environment successfully ${enabled ? 'enabled' : 'disabled'}.`;
