/**
 * What other domains, startup and the composition root may use of users: accounts, passwords, sessions and their
 * cookie.
 */
export { externalUser, type ExternalIdentity } from './external-users.ts';
export { verifyPassword } from './passwords.ts';
export { currentUser, findUserByLogin, firstAdmin, usersByIds } from './read-model.ts';
export { createFirstAdmin, demoUser, getUser } from './service.ts';
export { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.ts';
export { endSession, sessionUser, startSession, type SessionOrigin } from './sessions.ts';
export type { UserRow } from './store.ts';
export { userEventData, userView } from './views.ts';
