/** What other domains, startup and the composition root may use of users: accounts, passwords and sessions. */
export { verifyPassword } from './passwords.ts';
export { currentUser, findUserByLogin, firstAdmin } from './read-model.ts';
export { createFirstAdmin, demoUser } from './service.ts';
export { endSession, SESSION_MS, sessionUser, startSession } from './sessions.ts';
export type { UserRow } from './store.ts';
export { userView } from './views.ts';
