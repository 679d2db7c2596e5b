// What other domains may use of applications and metrics: recording what SDKs report (the client API does), and
// where toggles were used lately (a project's status).
export { addHourlyCounts, environmentsUsedSince, upsertApplication, upsertInstance } from './store.ts';
