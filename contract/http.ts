/**
 * The header the console sends on every call, and the server requires on every change made with the session cookie
 * (POST, PUT, PATCH, DELETE without an API token in Authorization). A page of another origin cannot add a header of
 * its own to a request that carries the cookie: a plain form, `navigator.sendBeacon` and a `no-cors` fetch send only
 * CORS-safelisted headers, and a CORS request with it needs a preflight that this server never grants.
 */
export const CONSOLE_HEADER = 'X-Requested-With';
export const CONSOLE_HEADER_VALUE = 'switchyard';
