import { test as base, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  HEALTHY_WITHIN_MS,
  startServer,
  type RunningServer,
} from '../support/server.ts';
import { sessionCookie, sessionHeaders, skipWalkthrough } from '../support/session.ts';

export { expect, ADMIN_USERNAME, ADMIN_PASSWORD };

/** A real server on a fresh data folder for the spec file that calls this; stopped when the file is done. */
export function freshServer(env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  base.beforeAll(async () => {
    base.setTimeout(HEALTHY_WITHIN_MS + 30_000);
    server = await startServer(env);
  });
  base.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

/**
 * Signs in through the login form, as a person would. The user has seen the environments walkthrough already (marked
 * through a separate API session), so it covers none of the spec's screens; api-access.spec shows it to a new user.
 */
export async function signIn(page: Page, url: string, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  await skipWalkthrough(url, await sessionCookie(url, username, password));
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'Username or email' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/features$/);
}

/**
 * Waits until the console's service worker controls the page, reloading it once if the worker took over after it
 * loaded: from then on the worker holds the screens' code, as on a phone's home screen. `timeout` for each wait.
 */
export async function untilInstalled(page: Page, timeout = 20_000) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => !!r.active)), { timeout })
    .toBe(true);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout }).toBe(true);
}

/** Opens the feature list of the installed console (untilInstalled) and waits until the mirror has synced. */
export async function openInstalled(page: Page, url: string) {
  await page.goto(`${url}/features`);
  await untilInstalled(page);
  await expect(page.getByTitle(/^Synced/)).toBeAttached();
}

/**
 * The API of `server` called with a page's session, as the console calls it (with the console's header, which the
 * server needs for a change made with the session cookie): the parsed answer (undefined for an empty one); any status
 * but 2xx fails the test, naming the call and the answer.
 */
export function apiOf(server: () => RunningServer) {
  return async (page: Page, method: string, path: string, body?: unknown) => {
    const response = await page.request.fetch(`${server().url}/${path}`, {
      method,
      data: body,
      headers: {
        [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
    });
    const text = await response.text();
    expect(response.ok(), `${method} ${path}: ${response.status()} ${text}`).toBe(true);
    return text ? JSON.parse(text) : undefined;
  };
}

/**
 * The API of `server` as its admin, without a browser (a spec's set-up): signs in once through the API, then calls
 * with that session and the console's header; any status but 2xx fails, naming the call and the answer.
 */
export function adminApiOf(server: () => RunningServer) {
  let cookie: Promise<string> | undefined;
  return async (method: string, path: string, body?: unknown) => {
    cookie ??= sessionCookie(server().url);
    const response = await fetch(`${server().url}/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...sessionHeaders(await cookie) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
    return text ? JSON.parse(text) : undefined;
  };
}

/** A phone's screen, for `test.use`: where the console must fit without scrolling sideways. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A person who signs in: the admin, or someone a spec made (with its password). */
export interface Person {
  email: string;
  password: string;
}

/** An Editor (root role 2) that a spec makes (`changeRequestsOf`'s `setUp` does). */
export const EDITOR = { email: 'erin@example.com', name: 'Erin Editor', rootRole: 2, password: ADMIN_PASSWORD };

/**
 * A page in a browser context of its own (`options`: PHONE, a colour scheme...), signed in through the form as `who`
 * (the admin when not given).
 */
export async function signedInPage(browser: Browser, url: string, who?: Person, options: BrowserContextOptions = {}) {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, url, who?.email, who?.password);
  return page;
}

/**
 * What the change-request specs share, for one toggle of the default project: the set-up through the admin's API
 * (the Editor, the toggle, production taking changes through change requests), and reads and requests made with a
 * page's session.
 */
export function changeRequestsOf(server: () => RunningServer, toggle: string) {
  const admin = adminApiOf(server);
  const api = apiOf(server);
  const requests = 'api/admin/projects/default/change-requests';
  const production = `api/admin/projects/default/features/${toggle}/environments/production`;
  return {
    /** The project's change requests (append `/{id}` for one). */
    requests,
    /** The Editor, and the toggle: on in production, with the Standard strategy. */
    async setUp() {
      await admin('POST', 'api/admin/user-admin', EDITOR);
      await admin('POST', 'api/admin/projects/default/features', { name: toggle, type: 'release' });
      await admin('POST', `${production}/strategies`, { name: 'default' });
      await admin('POST', `${production}/on`);
    },
    /** Production takes changes through change requests, each needing one approval. */
    gateProduction: () =>
      admin('PUT', 'api/admin/projects/default/environments/production/change-requests/config', {
        changeRequestsEnabled: true,
        requiredApprovals: 1,
      }),
    /** Whether the toggle is on in production, read with `page`'s session. */
    productionOf: async (page: Page): Promise<boolean> =>
      (
        (await api(page, 'GET', `api/admin/projects/default/features/${toggle}`)).environments as {
          name: string;
          enabled: boolean;
        }[]
      ).find((env) => env.name === 'production')!.enabled,
    /** The names of the toggle's strategies in production. */
    strategiesOf: async (page: Page): Promise<string[]> =>
      ((await api(page, 'GET', production)).strategies as { name: string }[]).map((s) => s.name),
    /** How many events of `type` the toggle has. */
    eventsOf: async (page: Page, type: string): Promise<number> =>
      ((await api(page, 'GET', `api/admin/events/${toggle}`)).events as { type: string }[]).filter(
        (event) => event.type === type,
      ).length,
    /** A request of `page`'s person: the toggle turned on or off in production, sent to review. Its id. */
    async requestInReview(page: Page, enabled: boolean): Promise<number> {
      const { id } = await api(page, 'POST', 'api/admin/projects/default/environments/production/change-requests', {
        feature: toggle,
        action: 'updateEnabled',
        payload: { enabled },
      });
      await api(page, 'PUT', `${requests}/${id}/state`, { state: 'In review' });
      return id as number;
    },
    /** A request of `page`'s person, read. */
    read: (page: Page, id: number) => api(page, 'GET', `${requests}/${id}`),
    /** Moves a request as `page`'s person. */
    move: (page: Page, id: number, state: string) => api(page, 'PUT', `${requests}/${id}/state`, { state }),
  };
}

export const test = base;
