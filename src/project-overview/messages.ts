/** The project page's texts, verbatim. */
export const PROJECT_CREATED = 'Project created';
export const PROJECT_UPDATED = 'Project updated';
export const NO_TOGGLES = 'No feature toggles added yet.';
export const fetchHealthFailed = (id: string) => `Could not fetch health rating for ${id}`;
export const ENVIRONMENT_API_ERROR = 'Got an API error when trying to enable/disable the environment.';
export const environmentSwitched = (enabled: boolean) =>
  `Environment successfully ${enabled ? 'enabled' : 'disabled'}.`;
