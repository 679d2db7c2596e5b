/**
 * What other domains may use of the client API: the state SDKs are served, as objects, and the SDKs' reports
 * (the frontend API evaluates the one and records the other), the weak ETag of an answer, and a body kept in each
 * content coding once asked for, sent in the best one a client accepts.
 */
export { clientState } from './answers.ts';
export { recordMetrics, register, weakEtag } from './service.ts';
export { sendEncoded } from './routes.ts';
export { EncodedBody, type ClientState } from './snapshots.ts';
