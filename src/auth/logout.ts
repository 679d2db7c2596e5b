import type { LogoutRedirect } from '../../contract/auth';
import type { OfflineEngine } from '../offline/engine';
import { withBase } from '../shared/api/base-path';
import { api } from '../shared/api/client';
import { AuthenticationError } from '../shared/api/errors';

/**
 * Signs out: `POST {base}/logout` ends the session on the server (a GET signs nobody out, so a link or an image on
 * another page cannot), then `offline` forgets its cached session and mirror (queued changes are kept) and loads
 * the login page afresh, with nothing of the session left in memory. After a single sign-on session with single
 * sign-out, the server names the provider's end-session page instead: the browser goes there, and the provider
 * sends it back to the login page. A 401 means the session had already ended. Rejects (and stays signed in) when
 * the server cannot be reached.
 */
export async function logOut(offline: Pick<OfflineEngine, 'forgetOnLogout'>): Promise<void> {
  let next = withBase('login');
  try {
    const answer = await api.post<LogoutRedirect | undefined>('logout');
    if (answer?.redirectUrl) next = answer.redirectUrl;
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
  }
  await offline.forgetOnLogout();
  window.location.replace(next);
}
