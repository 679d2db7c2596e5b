/** Texts of the application screens: the spec's where it has them, else ours. */
export const notFoundMessage = (appName: string) => `Application (${appName}) not found`;
export const NO_APPLICATIONS =
  'No applications registered yet. An application appears here once an SDK registers with a client API token.';
export const MISSING_WANT_TO_CREATE = 'Missing, want to create?';
export const toggleNotFound = (name: string) => `Could not find feature toggle with name ${name}`;
export const strategyNotFound = (name: string) => `Could not find strategy with name ${name}`;
export const REALLY_DELETE_APPLICATION = 'Are you sure you want to remove this application?';
export const APPLICATION_DELETED = 'Application deleted';
export const NOT_SAVED = 'Not saved yet';
export const OFFLINE_NOT_LOADED = 'You are offline, and this has not been loaded on this device yet.';
