// What other domains may use of applications and metrics: recording what SDKs report (the client API does).
export { addHourlyCounts, upsertApplication, upsertInstance } from './store.ts';
