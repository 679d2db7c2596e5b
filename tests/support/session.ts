// A session of the real server through its API, for test and benchmark set-ups (a person signs in through the form:
// tests/e2e/fixtures.ts signIn).
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server.ts';

/** The headers of a change made with a session cookie: the server refuses one without the console's header. */
export const sessionHeaders = (cookie: string) => ({ cookie, [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE });

/** Signs in through the API (password login): the session cookie, "unleash-session=...". */
export async function sessionCookie(url: string, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  const login = await fetch(`${url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`signing in as ${username}: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * Marks the environments walkthrough seen for the session's user, as the console does when it opens it once: a
 * returning user's console, with nothing over the screens (tests/e2e/api-access.spec.ts shows it to a new one).
 */
export async function skipWalkthrough(url: string, cookie: string) {
  const seen = await fetch(`${url}/api/admin/splash/environment`, { method: 'POST', headers: sessionHeaders(cookie) });
  if (!seen.ok) throw new Error(`marking the walkthrough seen: ${seen.status} ${await seen.text()}`);
}
