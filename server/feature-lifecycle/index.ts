// What other domains may use of toggles' lifecycles: recording the toggles SDKs saw and the stages that tells (the
// client API does), and each toggle's current stage (the project's toggle list shows it).
export { currentStages } from './service.ts';
export { recordSeen } from './store.ts';
