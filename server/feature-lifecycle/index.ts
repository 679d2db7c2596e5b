// What other domains may use of toggles' lifecycles: recording the stages SDKs' metrics tell (the client API does),
// and each toggle's current stage (the project's toggle list shows it).
export { currentStages } from './service.ts';
export { enterSeenStage } from './store.ts';
