// The few parts of oidc-provider 8 (which ships no types) that tests/e2e/sso.spec.ts and server/sso/oidc.test.ts
// use.
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  interface Configuration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount(context: unknown, sub: string): Account | Promise<Account>;
    features?: Record<string, { enabled: boolean; logoutSource?: unknown }>;
    cookies?: { keys: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host: string): Server;
    /** The provider as a Node request handler. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
