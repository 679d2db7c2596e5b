/** Texts of the API access screen, verbatim where the spec gives them. */
export const USERNAME_REQUIRED = 'Username is required.';
export const TOKEN_CREATED = 'Successfully created API token.';
export const TOKEN_DELETED = 'Successfully deleted API token.';
export const TOKEN_COPIED = 'Token is copied to clipboard';
export const CREATE_FAILED = 'Unable to create new API token';
export const FETCH_FAILED = 'Error fetching api tokens';
export const NO_TOKENS = 'No API tokens available.';
/**
 * Unleash 4's wording of the activation note. A new token works at once on the process that created it; the others,
 * when several share one database, learn it within a second, so 'up to 1 minute' holds.
 */
export const ACTIVATION_NOTE = 'Please note it can take up to 1 minute before a new API key is activated.';
export const EXPIRY_UPDATED = 'Successfully updated the expiry of the API token.';
export const EXPIRY_IN_PAST = 'The expiry date must be in the future.';
/** Ours: what a frontend token is for (Unleash 4.18's frontend API). */
export const FRONTEND_TOKEN_HINT =
  'For browser and mobile apps: it can only read the frontend API (api/frontend), which evaluates toggles on the server.';
