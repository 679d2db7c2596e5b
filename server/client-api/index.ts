/**
 * What other domains may use of the client API: the state SDKs are served, as objects, and the SDKs' reports
 * (the frontend API evaluates the one and records the other), and the weak ETag of an answer.
 */
export { clientState } from './answers.ts';
export { recordMetrics, register, weakEtag } from './service.ts';
export type { ClientState } from './snapshots.ts';
