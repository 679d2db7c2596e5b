/** Texts of the environment screens, verbatim where the spec gives them. */
export const NO_ENVIRONMENTS = 'No environments available.';
export const FETCH_FAILED = 'Error fetching environments';
export const ENVIRONMENT_UPDATED = 'Successfully updated environment.';
export const ENVIRONMENT_DELETED = 'Successfully deleted environment.';
export const environmentSwitched = (enabled: boolean) =>
  enabled ? 'Successfully enabled environment.' : 'Successfully disabled environment.';

export const PROTECTED_MESSAGE = 'A protected environment can not be edited, disabled or deleted.';
export const OFFLINE_REORDER_MESSAGE = 'You are offline. The order can be changed once the connection is back.';
