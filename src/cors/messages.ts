/** The CORS origins screen's texts (the spec has none for it). */
export const CORS_TITLE = 'CORS origins';
export const ORIGINS_LABEL = 'Allowed origins';
export const ORIGINS_SAVED = 'CORS origins saved. The frontend API answers these origins from now on.';
export const ADMINS_ONLY = 'Only admins can change them.';
export const LOADING_ORIGINS = 'Loading CORS origins';
