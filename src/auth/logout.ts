import { forgetOnLogout } from '../offline/offline';
import { withBase } from '../shared/api/base-path';
import { api } from '../shared/api/client';
import { AuthenticationError } from '../shared/api/errors';

/**
 * Signs out: `POST {base}/logout` ends the session on the server (a GET signs nobody out, so a link or an image on
 * another page cannot), then the console forgets its cached session and mirror (queued changes are kept) and loads
 * the login page afresh, with nothing of the session left in memory. A 401 means the session had already ended.
 * Rejects (and stays signed in) when the server cannot be reached.
 */
export async function logOut(): Promise<void> {
  try {
    await api.post('logout');
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
  }
  await forgetOnLogout();
  window.location.replace(withBase('login'));
}
