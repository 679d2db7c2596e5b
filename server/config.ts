import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import { passwordProblems } from '../contract/password-policy.ts';

export type AuthType = 'password' | 'demo' | 'none';

export interface InitToken {
  secret: string;
  project: string;
  environment: string;
}

export interface Config {
  port: number;
  host: string;
  /** '' or '/something' (leading slash, no trailing slash). */
  baseUriPath: string;
  /** Public URL of this server, reported in ui-config. */
  unleashUrl: string;
  /** PostgreSQL connection string; undefined = embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  authType: AuthType;
  defaultAdmin: { username: string; password: string | undefined };
  initAdminApiTokens: InitToken[];
  initClientApiTokens: InitToken[];
  /** The first sign-in lock after too many failed attempts, in seconds; each further lock doubles it (to an hour). */
  loginBackoffSeconds: number;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For/-Proto/-Host are believed (request.ip, protocol, host).
   * false: none (the peer is the client); true: every peer; or the proxies' addresses and ranges.
   */
  trustProxy: boolean | string[];
  /** The built console's folder (index.html, sw.js, assets/); undefined = dist/ of this checkout. */
  consoleDir: string | undefined;
  /** SMTP for invitations and password resets (EMAIL_*); undefined = no e-mail (links are shown or logged). */
  email: EmailConfig | undefined;
  /** How addon deliveries are sent (ADDON_*). */
  addonDelivery: AddonDeliveryConfig;
  /** SDKs' event streams, GET api/client/streaming (STREAMING_*). */
  streaming: StreamingConfig;
  /**
   * The push services whose endpoints a device may subscribe with (PUSH_SERVICES): host names, `*.` for any
   * subdomain. Only they are sent notifications (besides http on loopback for a server on loopback).
   */
  pushServices: string[];
}

export interface StreamingConfig {
  /** Streams one process holds at most; past it an SDK is told to poll (STREAMING_MAX_CONNECTIONS). */
  maxConnections: number;
  /** How often an idle stream gets a comment line, so proxies keep it open (STREAMING_HEARTBEAT_MS). */
  heartbeatMs: number;
}

export interface AddonDeliveryConfig {
  /** How long one request to a receiver may take (ADDON_TIMEOUT_MS). */
  timeoutMs: number;
  /** The delay before the first retry; each further retry waits twice as long, up to an hour (ADDON_RETRY_MS). */
  retryMs: number;
  /** Attempts before a delivery is given up as failed (ADDON_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** How often the worker looks for due deliveries that no request of this process announced (ADDON_POLL_MS). */
  pollMs: number;
}

export interface EmailConfig {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** The From address. */
  sender: string;
}

/** A configuration problem: reported as one line, the start stops. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  const raw = nonEmpty(value) ?? '4242';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function normaliseBasePath(value: string | undefined): string {
  const raw = nonEmpty(value) ?? '';
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~\-/]+$/.test(trimmed) || trimmed.includes('//')) {
    throw new ConfigError(`BASE_URI_PATH must be a URL path such as /unleash, got "${raw}"`);
  }
  return `/${trimmed}`;
}

function parseAuthType(value: string | undefined): AuthType {
  const raw = nonEmpty(value) ?? 'password';
  if (raw === 'password' || raw === 'demo' || raw === 'none') return raw;
  throw new ConfigError(`AUTH_TYPE must be one of password, demo, none; got "${raw}"`);
}

function parseTokens(name: string, value: string | undefined, admin: boolean): InitToken[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.map((secret) => {
    const match = /^([^:.\s]+):([^:.\s]+)\.(\S{16,})$/.exec(secret);
    if (!match) {
      throw new ConfigError(
        `${name} must hold comma-separated secrets of the form project:environment.random (random at least 16 characters)`,
      );
    }
    const [, project, environment] = match;
    if (admin && (project !== '*' || environment !== '*')) {
      throw new ConfigError(`${name}: admin token secrets must start with "*:*." (all projects and environments)`);
    }
    return { secret, project, environment };
  });
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  const raw = nonEmpty(value);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return raw;
}

function parseConsoleDir(value: string | undefined): string | undefined {
  const raw = nonEmpty(value);
  if (raw === undefined) return undefined;
  if (!statSync(raw, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`CONSOLE_DIR must be a folder holding a built console, got "${raw}"`);
  }
  return raw;
}

function parseBackoff(value: string | undefined): number {
  const raw = nonEmpty(value) ?? '60';
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds > 3600) {
    throw new ConfigError(`LOGIN_BACKOFF_SECONDS must be a whole number from 1 to 3600, got "${raw}"`);
  }
  return seconds;
}

/** proxy-addr's names for the loopback, link-local and private ranges (IPv4 and IPv6). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const raw = nonEmpty(value)?.toLowerCase() ?? 'false';
  if (raw === 'false') return false;
  if (raw === 'true') return true;
  const items = raw.split(',').map((item) => item.trim());
  if (items.every(isProxyAddress)) return items;
  throw new ConfigError(
    'TRUST_PROXY must be true, false, or comma-separated addresses or ranges of the proxies ' +
      `(such as 10.0.0.1,192.168.0.0/16 or loopback), got "${value?.trim()}"`,
  );
}

function parseEmail(env: Env, unleashUrl: string): EmailConfig | undefined {
  const host = nonEmpty(env.EMAIL_HOST);
  if (host === undefined) return undefined;
  const rawPort = nonEmpty(env.EMAIL_PORT) ?? '587';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new ConfigError(`EMAIL_PORT must be a whole number from 1 to 65535, got "${rawPort}"`);
  }
  const rawSecure = nonEmpty(env.EMAIL_SECURE)?.toLowerCase() ?? 'false';
  if (rawSecure !== 'true' && rawSecure !== 'false') {
    throw new ConfigError(`EMAIL_SECURE must be true or false, got "${env.EMAIL_SECURE?.trim()}"`);
  }
  const sender = nonEmpty(env.EMAIL_SENDER) ?? `noreply@${new URL(unleashUrl).hostname}`;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(sender)) {
    throw new ConfigError(`EMAIL_SENDER must be an e-mail address, got "${sender}"`);
  }
  return {
    host,
    port,
    secure: rawSecure === 'true',
    user: nonEmpty(env.EMAIL_USER),
    password: env.EMAIL_PASSWORD || undefined,
    sender,
  };
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]) ?? String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function parseAddonDelivery(env: Env): AddonDeliveryConfig {
  return {
    timeoutMs: wholeNumber(env, 'ADDON_TIMEOUT_MS', 10_000, 100, 300_000),
    retryMs: wholeNumber(env, 'ADDON_RETRY_MS', 5000, 10, 3_600_000),
    maxAttempts: wholeNumber(env, 'ADDON_MAX_ATTEMPTS', 10, 1, 100),
    pollMs: wholeNumber(env, 'ADDON_POLL_MS', 5000, 100, 3_600_000),
  };
}

/** The SDKs' read timeout is 60 s: a heartbeat must come sooner. */
const parseStreaming = (env: Env): StreamingConfig => ({
  maxConnections: wholeNumber(env, 'STREAMING_MAX_CONNECTIONS', 1000, 0, 1_000_000),
  heartbeatMs: wholeNumber(env, 'STREAMING_HEARTBEAT_MS', 30_000, 10, 55_000),
});

/** The push services of Chrome, Firefox, Safari and Edge. */
const BROWSER_PUSH_SERVICES =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

function parsePushServices(value: string | undefined): string[] {
  const items = (nonEmpty(value) ?? BROWSER_PUSH_SERVICES).split(',').map((item) => item.trim().toLowerCase());
  if (items.every((item) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(item))) return items;
  throw new ConfigError(
    `PUSH_SERVICES must be comma-separated host names (*.example.com for its subdomains), got "${value?.trim()}"`,
  );
}

/** Reads the configuration from environment variables (Unleash's names). Throws ConfigError on an invalid value. */
export function parseConfig(env: Env): Config {
  const port = parsePort(env.PORT);
  const baseUriPath = normaliseBasePath(env.BASE_URI_PATH);
  const password = env.UNLEASH_DEFAULT_ADMIN_PASSWORD;
  if (password !== undefined && password !== '') {
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new ConfigError(`UNLEASH_DEFAULT_ADMIN_PASSWORD is too weak: ${problems.join(' ')}`);
  }
  const unleashUrl = nonEmpty(env.UNLEASH_URL) ?? `http://localhost:${port}${baseUriPath}`;
  if (!/^https?:\/\/[^\s]+$/.test(unleashUrl) || !URL.canParse(unleashUrl)) {
    throw new ConfigError(`UNLEASH_URL must be an http(s) URL, got "${unleashUrl}"`);
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    baseUriPath,
    unleashUrl: unleashUrl.replace(/\/+$/, ''),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    authType: parseAuthType(env.AUTH_TYPE),
    defaultAdmin: {
      username: nonEmpty(env.UNLEASH_DEFAULT_ADMIN_USERNAME) ?? 'admin',
      password: password === '' ? undefined : password,
    },
    initAdminApiTokens: parseTokens('INIT_ADMIN_API_TOKENS', env.INIT_ADMIN_API_TOKENS, true),
    initClientApiTokens: parseTokens('INIT_CLIENT_API_TOKENS', env.INIT_CLIENT_API_TOKENS, false),
    loginBackoffSeconds: parseBackoff(env.LOGIN_BACKOFF_SECONDS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    consoleDir: parseConsoleDir(env.CONSOLE_DIR),
    email: parseEmail(env, unleashUrl),
    addonDelivery: parseAddonDelivery(env),
    streaming: parseStreaming(env),
    pushServices: parsePushServices(env.PUSH_SERVICES),
  };
}
