/**
 * The server a test file runs against, started before the file's tests and closed after them, with the users most
 * tests act as signed in. Read `server`, `admin`, `editor` and `viewer` inside tests and hooks: they are set when
 * the file's tests start (an import of a module's `let` follows it), and each test file has its own copy.
 */
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../app.ts';
import { startServer, type TestServer } from './harness.ts';

/** API tokens a server is started with when a file asks for STANDARD_TOKENS (INIT_*_API_TOKENS). */
export const ADMIN_TOKEN = '*:*.test-admin-token-0123456789abcdef';
/** A client token of every project, in the default environment. */
export const CLIENT_TOKEN = '*:default.test-client-token-0123456789ab';
/** A client token of the default project, in the development environment. */
export const DEV_TOKEN = 'default:development.test-dev-token-0123456789';
export const STANDARD_TOKENS = {
  INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
  INIT_CLIENT_API_TOKENS: `${CLIENT_TOKEN},${DEV_TOKEN}`,
};

export let server: TestServer;
/** Session cookies (the Cookie header's value) of the first admin, and of an Editor and a Viewer when asked for. */
export let admin: string;
export let editor: string;
export let viewer: string;

export interface ServerSetup {
  /** Environment variables, as for server/main.ts (STANDARD_TOKENS among them for the standard tokens). */
  env?: Record<string, string>;
  build?: BuildOptions;
  /** Also an Editor and a Viewer, created through the API and signed in. */
  users?: boolean;
}

/** Starts the file's server before its tests (the first admin signed in) and closes it after them. */
export function useServer({ env = {}, build = {}, users = false }: ServerSetup = {}): void {
  beforeAll(async () => {
    server = await startServer(env, build);
    admin = await server.adminCookie();
    if (users) {
      [editor, viewer] = (await Promise.all([server.createUser('Editor'), server.createUser('Viewer')])).map(
        (user) => user.cookie,
      );
    }
  });
  afterAll(() => server?.close());
}
