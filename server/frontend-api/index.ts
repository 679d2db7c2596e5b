/**
 * What other domains may use of the frontend API: its CORS (the origins an admin allows browsers) and how it
 * evaluates a context (the caller's address as remoteAddress, this server's host name), so OFREP answers alike.
 */
export { answerCors } from './cors.ts';
export { withRemoteAddress } from './rules.ts';
export { evaluationOptions, OriginsCache } from './service.ts';
