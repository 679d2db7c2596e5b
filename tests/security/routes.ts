/**
 * The security suite's shared ground: the route table as the app registers it (collected through Fastify's
 * `fastify.initialization` diagnostics channel, so a new route cannot be left out), the seven kinds of caller, a seeded
 * database in which every route's path names something that exists, a valid request for every route (so a refused
 * call that slipped through would really change something), and a checksum of the data tables.
 */
import { createECDH, randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startServer, USER_PASSWORD, type CallOptions, type TestServer } from '../../server/test-support/harness.ts';

export interface RegisteredRoute {
  method: string;
  /** As registered, with the base path and `:params`. */
  url: string;
}

/**
 * Starts collecting the routes of every Fastify app built from now on (in this worker) until `stop()`. The app's own
 * onRoute hooks still run: the collector only keeps the method and URL of each.
 */
export function collectRoutes() {
  const found: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    const app = (message as { fastify: FastifyInstance }).fastify;
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) found.push({ method, url: route.url });
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return {
    routes: found,
    stop: () => diagnostics.unsubscribe('fastify.initialization', onInit),
  };
}

/** What a test file of the suite works on: the server, its routes as registered, the callers and every sample. */
export interface SecuritySuite {
  server: TestServer;
  registered: RegisteredRoute[];
  callers: Callers;
  table: Record<string, Sample>;
}

/**
 * The suite's set-up for a test file: before its tests, a server whose routes are collected while it starts, the
 * seven callers and the seeded data; the server is closed after them. The fields are filled in by then.
 */
export function useSecuritySuite(): SecuritySuite {
  const suite = {} as SecuritySuite;
  beforeAll(async () => {
    const collector = collectRoutes();
    try {
      // Every call reads its whole answer: an SDK's event stream is answered `fetch-mode: polling` and a console's
      // ends at once (past the maximum, 0 here), after the same refusals as an open stream.
      suite.server = await startServer({ STREAMING_MAX_CONNECTIONS: '0' });
    } finally {
      collector.stop();
    }
    suite.registered = collector.routes;
    suite.callers = await createCallers(suite.server);
    suite.table = samples(await seed(suite.server, suite.callers));
    // Signing in six callers (argon2) and seeding every domain: seconds on a quiet machine, a minute on a busy one.
  }, 180_000);
  afterAll(async () => {
    await suite.server?.close();
  });
  return suite;
}

/** Who may call a route: by role for people, by type for API tokens (docs/security.md). */
export type Access =
  /** anyone, signed in or not */
  | 'open'
  /** a signed-in person (not an API token): their own password, feedback, splash, pinned toggles */
  | 'person'
  /** any signed-in user or an ADMIN token */
  | 'signed-in'
  /** an Editor (its root or project permissions), an Admin or an ADMIN token */
  | 'editor'
  /** an Admin or an ADMIN token */
  | 'admin'
  /** an Editor or an Admin, signed in (not an API token): change requests are made and approved by people */
  | 'editor-person'
  /** the SDK API: a CLIENT or ADMIN token */
  | 'sdk'
  /** the frontend API: a FRONTEND token only */
  | 'frontend'
  /** OpenFeature's remote evaluation (OFREP): a CLIENT or a FRONTEND token */
  | 'ofrep';

export const CALLERS = [
  'no session',
  'CLIENT token',
  'FRONTEND token',
  'Viewer',
  'Editor',
  'ADMIN token',
  'Admin',
] as const;
export type CallerName = (typeof CALLERS)[number];

/** Whether `caller` may call a route open to `access`: the expectation, written out without the server's code. */
export function allowed(access: Access, caller: CallerName): boolean {
  switch (access) {
    case 'open':
      return true;
    case 'person':
      return caller === 'Viewer' || caller === 'Editor' || caller === 'Admin';
    case 'signed-in':
      return caller === 'Viewer' || caller === 'Editor' || caller === 'Admin' || caller === 'ADMIN token';
    case 'editor':
      return caller === 'Editor' || caller === 'Admin' || caller === 'ADMIN token';
    case 'admin':
      return caller === 'Admin' || caller === 'ADMIN token';
    case 'editor-person':
      return caller === 'Editor' || caller === 'Admin';
    case 'sdk':
      return caller === 'CLIENT token' || caller === 'ADMIN token';
    case 'frontend':
      return caller === 'FRONTEND token';
    case 'ofrep':
      return caller === 'CLIENT token' || caller === 'FRONTEND token';
  }
}

export interface Sample {
  access: Access;
  /** A concrete path (no base path, no leading slash) naming seeded things. */
  path: string;
  /** A valid body for the route. */
  body?: unknown;
  /** Signs the caller out or otherwise spends their session: run after every other route. */
  last?: boolean;
}

/** What `seed` created that paths need by id. */
export interface Seeded {
  strategyId: string;
  doomedStrategyId: string;
  disposableUserId: number;
  /** The token of another invited user's link (never used: the reset sample's password is refused as weak). */
  inviteToken: string;
  doomedTokenSecret: string;
  signInUser: { email: string; password: string };
  addonId: number;
  doomedAddonId: number;
  segmentId: number;
  doomedSegmentId: number;
  changeRequestId: number;
  /** The secret of a trigger's URL (it turns SEED_TOGGLE off in development), and a trigger to delete. */
  triggerSecret: string;
  doomedTriggerId: number;
}

export const SEED_TOGGLE = 'sec-toggle';
const STRATEGY_PATH = `api/admin/projects/default/features/${SEED_TOGGLE}/environments/development/strategies`;

/** The callers' request options: cookies for people, the Authorization header for tokens. */
export type Callers = Record<CallerName, CallOptions>;

async function ok(promise: Promise<{ status: number; text: string }>, what: string) {
  const result = await promise;
  if (result.status >= 300) throw new Error(`seeding ${what} failed: ${result.status} ${result.text}`);
  return result;
}

/** Signs in the people and creates the three tokens. */
export async function createCallers(server: TestServer): Promise<Callers> {
  const admin = { cookie: await server.adminCookie() };
  const token = async (type: 'client' | 'frontend' | 'admin') => {
    const body =
      type === 'admin'
        ? { username: 'sec-admin', type }
        : { username: `sec-${type}`, type, project: 'default', environment: 'development' };
    const created = await ok(server.call('POST', 'api/admin/api-tokens', { ...admin, body }), `a ${type} token`);
    return { token: JSON.parse(created.text).secret as string };
  };
  return {
    'no session': {},
    'CLIENT token': await token('client'),
    'FRONTEND token': await token('frontend'),
    Viewer: { cookie: (await server.createUser('Viewer')).cookie },
    Editor: { cookie: (await server.createUser('Editor')).cookie },
    'ADMIN token': await token('admin'),
    Admin: admin,
  };
}

/** Creates, as the admin, everything the sample paths name. */
export async function seed(server: TestServer, callers: Callers): Promise<Seeded> {
  const admin = callers.Admin;
  const post = (path: string, body?: unknown) => ok(server.call('POST', path, { ...admin, body }), path);
  const del = (path: string) => ok(server.call('DELETE', path, admin), path);

  await post('api/admin/projects', { id: 'sec-proj', name: 'Security' });
  await post('api/admin/projects', { id: 'sec-doomed-proj', name: 'Doomed' });
  await post('api/admin/environments', { name: 'sec-env', type: 'test' });
  await post('api/admin/environments', { name: 'sec-doomed-env', type: 'test' });
  await post('api/admin/projects/sec-proj/environments', { environment: 'sec-env' });
  await post('api/admin/environments', { name: 'sec-cr-env', type: 'production' });
  await post('api/admin/projects/sec-proj/environments', { environment: 'sec-cr-env' });
  await post('api/admin/tag-types', { name: 'sec-tt' });
  await post('api/admin/tag-types', { name: 'sec-tt-doomed' });
  await post('api/admin/tags', { type: 'simple', value: 'sec-tag' });
  await post('api/admin/strategies', { name: 'sec-strategy', parameters: [] });
  await post('api/admin/strategies', { name: 'sec-strategy-doomed', parameters: [] });
  await post('api/admin/context', { name: 'sec-ctx' });
  await post('api/admin/context', { name: 'sec-ctx-doomed' });
  for (const name of [
    SEED_TOGGLE,
    'sec-classic',
    'sec-doomed',
    'sec-doomed2',
    'sec-moving',
    'sec-revive',
    'sec-purge',
    'sec-parent',
    'sec-child',
    'sec-child2',
    'sec-child3',
    ...SEC_BULK,
    'sec-bulk-archive',
    'sec-bulk-revive',
    'sec-bulk-purge',
  ]) {
    await post('api/admin/projects/default/features', { name });
  }
  for (const child of ['sec-child', 'sec-child2']) {
    await post(`api/admin/projects/default/features/${child}/dependencies`, { feature: 'sec-parent' });
  }
  await del('api/admin/features/sec-revive');
  await del('api/admin/features/sec-purge');
  await del('api/admin/features/sec-bulk-revive');
  await del('api/admin/features/sec-bulk-purge');
  await post(`api/admin/features/${SEED_TOGGLE}/tags`, { type: 'simple', value: 'sec-ft' });
  const strategy = await post(STRATEGY_PATH, { name: 'default' });
  const doomedStrategy = await post(STRATEGY_PATH, { name: 'default' });
  const user = await post('api/admin/user-admin', { email: 'sec-disposable@example.com', rootRole: 3 });
  const signIn = { email: 'sec-sign-in@example.com', password: USER_PASSWORD };
  await post('api/admin/user-admin', { email: signIn.email, rootRole: 3, password: signIn.password });
  const invited = await post('api/admin/user-admin', { email: 'sec-invited@example.com', rootRole: 3 });
  const doomedToken = await post('api/admin/api-tokens', { username: 'sec-doomed', type: 'admin' });
  const register = (appName: string) =>
    ok(
      server.call('POST', 'api/client/register', {
        ...callers['CLIENT token'],
        body: { appName, instanceId: 'i1', strategies: ['default'], started: new Date().toISOString(), interval: 1 },
      }),
      `registering ${appName}`,
    );
  await register('sec-app');
  await register('sec-app-doomed');
  // Disabled, so no toggle change of the suite queues a delivery that the worker would send meanwhile.
  const addon = await post('api/admin/addons', SEC_ADDON);
  const doomedAddon = await post('api/admin/addons', SEC_ADDON);
  await post('api/admin/projects/sec-proj/features', { name: 'sec-cr-toggle' });
  await ok(
    server.call('PUT', SEC_CR_CONFIG, { ...admin, body: { changeRequestsEnabled: true, requiredApprovals: 1 } }),
    'change-request config',
  );
  const changeRequest = await post(SEC_CHANGE_REQUESTS, SEC_CHANGE);
  const trigger = await post(SEC_TRIGGERS, SEC_TRIGGER);
  const doomedTrigger = await post(SEC_TRIGGERS, SEC_TRIGGER);
  const segment = await post('api/admin/segments', { name: 'sec-segment', constraints: [] });
  const doomedSegment = await post('api/admin/segments', { name: 'sec-segment-doomed', constraints: [] });
  return {
    strategyId: JSON.parse(strategy.text).id,
    doomedStrategyId: JSON.parse(doomedStrategy.text).id,
    disposableUserId: JSON.parse(user.text).id,
    inviteToken: new URL(JSON.parse(invited.text).inviteLink).searchParams.get('token')!,
    doomedTokenSecret: JSON.parse(doomedToken.text).secret,
    signInUser: signIn,
    addonId: JSON.parse(addon.text).id,
    doomedAddonId: JSON.parse(doomedAddon.text).id,
    segmentId: JSON.parse(segment.text).id,
    doomedSegmentId: JSON.parse(doomedSegment.text).id,
    changeRequestId: JSON.parse(changeRequest.text).id,
    triggerSecret: JSON.parse(trigger.text).url.split('/').pop(),
    doomedTriggerId: JSON.parse(doomedTrigger.text).id,
  };
}

/** The toggles the bulk calls' samples change (archived ones of their own for revive and delete). */
const SEC_BULK = ['sec-bulk-a', 'sec-bulk-b'];

/** Change requests are on in sec-proj's sec-cr-env, which only they change (its toggle: sec-cr-toggle). */
const SEC_CR_CONFIG = 'api/admin/projects/sec-proj/environments/sec-cr-env/change-requests/config';
const SEC_CHANGE_REQUESTS = 'api/admin/projects/sec-proj/environments/sec-cr-env/change-requests';
const SEC_CHANGE = { feature: 'sec-cr-toggle', action: 'updateEnabled', payload: { enabled: true } };

const SEC_TRIGGERS = `api/admin/projects/default/features/${SEED_TOGGLE}/triggers`;
const SEC_TRIGGER = { environment: 'development', action: 'off', description: 'security' };

const SEC_ADDON = {
  provider: 'webhook',
  enabled: false,
  description: 'security',
  parameters: { url: 'http://127.0.0.1:9/sec-hook' },
  events: ['feature-created'],
};

/** An import of one new toggle with a strategy, on in development (features-batch). */
const SEC_IMPORT = {
  project: 'default',
  environment: 'development',
  data: {
    features: [{ name: 'sec-imported', type: 'release' }],
    featureStrategies: [{ name: 'default', featureName: 'sec-imported' }],
    featureEnvironments: [{ name: 'sec-imported', enabled: true }],
  },
};

/**
 * One valid request per route, keyed `METHOD url` as registered (HEAD routes use their GET's sample). A route
 * without a sample fails the suite: every new route must say who may call it.
 */
/**
 * A device's PushSubscription as a browser makes it (a P-256 key and a 16-byte secret), at a loopback port that
 * fetch refuses (9), so nothing the suite does is pushed anywhere.
 */
const PUSH_DEVICE = createECDH('prime256v1');
PUSH_DEVICE.generateKeys();
const PUSH_SUBSCRIPTION = {
  endpoint: 'http://127.0.0.1:9/sec-push-device',
  expirationTime: null,
  keys: { p256dh: PUSH_DEVICE.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
};

export function samples(s: Seeded): Record<string, Sample> {
  const t = SEED_TOGGLE;
  const pf = `api/admin/projects/default/features`;
  const now = new Date();
  const toggleBody = { name: 'sec-classic', description: 'd', type: 'release', project: 'default', stale: false };
  return {
    'GET /health': { access: 'open', path: 'health' },
    'POST /auth/simple/login': {
      access: 'open',
      path: 'auth/simple/login',
      body: { username: s.signInUser.email, password: s.signInUser.password },
    },
    'POST /logout': { access: 'signed-in', path: 'logout', last: true },
    'GET /api/admin/ui-config': { access: 'open', path: 'api/admin/ui-config' },
    'GET /api/admin/ui-bootstrap': { access: 'signed-in', path: 'api/admin/ui-bootstrap' },
    'GET /api/admin/user': { access: 'signed-in', path: 'api/admin/user' },
    'POST /api/admin/user/change-password': {
      access: 'person',
      path: 'api/admin/user/change-password',
      body: { password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
    },
    'POST /auth/reset/validate-password': {
      access: 'open',
      path: 'auth/reset/validate-password',
      body: { password: USER_PASSWORD },
    },
    'GET /auth/reset/validate': { access: 'open', path: `auth/reset/validate?token=${s.inviteToken}` },
    // A weak password, so that the token stays usable for every caller (a used token is a 401 InvalidTokenError).
    'POST /auth/reset/password': {
      access: 'open',
      path: 'auth/reset/password',
      body: { token: s.inviteToken, password: 'weak' },
    },
    'POST /auth/reset/password-email': {
      access: 'open',
      path: 'auth/reset/password-email',
      body: { email: s.signInUser.email },
    },
    'POST /api/admin/feedback': { access: 'person', path: 'api/admin/feedback', body: { feedbackId: 'pnps' } },
    'PUT /api/admin/feedback/:id': { access: 'person', path: 'api/admin/feedback/pnps', body: { neverShow: true } },
    'POST /api/admin/splash/:name': { access: 'person', path: 'api/admin/splash/environment' },
    'GET /api/admin/user-admin': { access: 'admin', path: 'api/admin/user-admin' },
    'GET /api/admin/user-admin/search': { access: 'editor', path: 'api/admin/user-admin/search?q=sec' },
    'GET /api/admin/projects/:projectId/users': { access: 'signed-in', path: 'api/admin/projects/default/users' },
    'POST /api/admin/projects/:projectId/users/:userId/roles/:roleId': {
      access: 'editor',
      path: `api/admin/projects/default/users/${s.disposableUserId}/roles/5`,
    },
    'DELETE /api/admin/projects/:projectId/users/:userId/roles/:roleId': {
      access: 'editor',
      path: `api/admin/projects/default/users/${s.disposableUserId}/roles/5`,
    },
    'POST /api/admin/user-admin/validate-password': {
      access: 'admin',
      path: 'api/admin/user-admin/validate-password',
      body: { password: USER_PASSWORD },
    },
    'GET /api/admin/user-admin/:id': { access: 'admin', path: `api/admin/user-admin/${s.disposableUserId}` },
    'POST /api/admin/user-admin': {
      access: 'admin',
      path: 'api/admin/user-admin',
      body: { email: 'sec-new@example.com', rootRole: 3 },
    },
    'PUT /api/admin/user-admin/:id': {
      access: 'admin',
      path: `api/admin/user-admin/${s.disposableUserId}`,
      body: { name: 'Renamed', rootRole: 1 },
    },
    'DELETE /api/admin/user-admin/:id': { access: 'admin', path: `api/admin/user-admin/${s.disposableUserId}` },
    'POST /api/admin/user-admin/:id/change-password': {
      access: 'admin',
      path: `api/admin/user-admin/${s.disposableUserId}/change-password`,
      body: { password: USER_PASSWORD },
    },
    'POST /api/admin/user-admin/:id/unlock': {
      access: 'admin',
      path: `api/admin/user-admin/${s.disposableUserId}/unlock`,
    },
    'GET /api/admin/api-tokens': { access: 'admin', path: 'api/admin/api-tokens' },
    'POST /api/admin/api-tokens': {
      access: 'admin',
      path: 'api/admin/api-tokens',
      body: { username: 'sec-new', type: 'client', project: 'default', environment: 'development' },
    },
    'PUT /api/admin/api-tokens/:secret': {
      access: 'admin',
      path: `api/admin/api-tokens/${encodeURIComponent(s.doomedTokenSecret)}`,
      body: { expiresAt: '2999-01-01T00:00:00.000Z' },
    },
    'DELETE /api/admin/api-tokens/:secret': {
      access: 'admin',
      path: `api/admin/api-tokens/${encodeURIComponent(s.doomedTokenSecret)}`,
    },
    'GET /api/admin/invoices': { access: 'admin', path: 'api/admin/invoices' },
    // Single sign-on: with no provider enabled each goes back to the login page with the reason (302).
    'GET /auth/oidc/login': { access: 'open', path: 'auth/oidc/login' },
    'GET /auth/oidc/callback': { access: 'open', path: 'auth/oidc/callback?code=sec&state=sec' },
    'GET /auth/google/login': { access: 'open', path: 'auth/google/login' },
    'GET /auth/google/callback': { access: 'open', path: 'auth/google/callback?code=sec&state=sec' },
    'GET /auth/saml/login': { access: 'open', path: 'auth/saml/login' },
    'POST /auth/saml/callback': {
      access: 'open',
      path: 'auth/saml/callback',
      body: { SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=', RelayState: 'sec.sec' },
    },
    'GET /api/admin/auth/simple/settings': { access: 'admin', path: 'api/admin/auth/simple/settings' },
    'POST /api/admin/auth/simple/settings': {
      access: 'admin',
      path: 'api/admin/auth/simple/settings',
      body: { disabled: false },
    },
    'GET /api/admin/auth/oidc/settings': { access: 'admin', path: 'api/admin/auth/oidc/settings' },
    'POST /api/admin/auth/oidc/settings': {
      access: 'admin',
      path: 'api/admin/auth/oidc/settings',
      body: {
        enabled: false,
        discoverUrl: '',
        clientId: 'sec-client',
        secret: 'sec-secret',
        enableSingleSignOut: false,
        acrValues: '',
        autoCreate: false,
        defaultRootRole: 'Editor',
        emailDomains: '',
      },
    },
    'GET /api/admin/auth/saml/settings': { access: 'admin', path: 'api/admin/auth/saml/settings' },
    'POST /api/admin/auth/saml/settings': {
      access: 'admin',
      path: 'api/admin/auth/saml/settings',
      body: {
        enabled: false,
        entityId: 'sec-entity',
        signOnUrl: '',
        certificate: '',
        signOutUrl: '',
        spCertificate: '',
        autoCreate: false,
        defaultRootRole: 'Editor',
        emailDomains: '',
      },
    },
    'GET /api/admin/auth/google/settings': { access: 'admin', path: 'api/admin/auth/google/settings' },
    'POST /api/admin/auth/google/settings': {
      access: 'admin',
      path: 'api/admin/auth/google/settings',
      body: {
        enabled: false,
        clientId: 'sec',
        clientSecret: '',
        unleashHostname: '',
        autoCreate: false,
        emailDomains: '',
      },
    },
    'GET /api/admin/feature-types': { access: 'signed-in', path: 'api/admin/feature-types' },
    'GET /api/admin/environments': { access: 'signed-in', path: 'api/admin/environments' },
    'GET /api/admin/environments/:name': { access: 'signed-in', path: 'api/admin/environments/sec-env' },
    'POST /api/admin/environments/validate': {
      access: 'signed-in',
      path: 'api/admin/environments/validate',
      body: { name: 'sec-free-env' },
    },
    'POST /api/admin/environments': {
      access: 'admin',
      path: 'api/admin/environments',
      body: { name: 'sec-new-env', type: 'test' },
    },
    'PUT /api/admin/environments/update/:name': {
      access: 'admin',
      path: 'api/admin/environments/update/sec-env',
      body: { type: 'production', sortOrder: 7 },
    },
    'PUT /api/admin/environments/sort-order': {
      access: 'admin',
      path: 'api/admin/environments/sort-order',
      body: { 'sec-env': 3 },
    },
    'DELETE /api/admin/environments/:name': { access: 'admin', path: 'api/admin/environments/sec-doomed-env' },
    'POST /api/admin/environments/:name/on': { access: 'admin', path: 'api/admin/environments/sec-env/on' },
    'POST /api/admin/environments/:name/off': { access: 'admin', path: 'api/admin/environments/sec-env/off' },
    'POST /api/admin/projects/validate': {
      access: 'signed-in',
      path: 'api/admin/projects/validate',
      body: { id: 'sec-free' },
    },
    'POST /api/admin/projects': { access: 'editor', path: 'api/admin/projects', body: { id: 'sec-new', name: 'N' } },
    'DELETE /api/admin/projects/:projectId': { access: 'admin', path: 'api/admin/projects/sec-doomed-proj' },
    'POST /api/admin/projects/:projectId/environments': {
      access: 'editor',
      path: 'api/admin/projects/default/environments',
      body: { environment: 'sec-env' },
    },
    'DELETE /api/admin/projects/:projectId/environments/:environment': {
      access: 'editor',
      path: 'api/admin/projects/sec-proj/environments/sec-env',
    },
    'GET /api/admin/projects': { access: 'signed-in', path: 'api/admin/projects' },
    'GET /api/admin/projects/:projectId': { access: 'signed-in', path: 'api/admin/projects/sec-proj' },
    'PUT /api/admin/projects/:projectId': {
      access: 'editor',
      path: 'api/admin/projects/sec-proj',
      body: { name: 'Renamed', description: 'changed' },
    },
    'GET /api/admin/projects/:projectId/health-report': {
      access: 'signed-in',
      path: 'api/admin/projects/default/health-report',
    },
    'GET /api/admin/projects/:projectId/status': {
      access: 'signed-in',
      path: 'api/admin/projects/default/status?unseenDays=30',
    },
    'GET /api/admin/tag-types': { access: 'signed-in', path: 'api/admin/tag-types' },
    'GET /api/admin/tag-types/:name': { access: 'signed-in', path: 'api/admin/tag-types/sec-tt' },
    'POST /api/admin/tag-types/validate': {
      access: 'signed-in',
      path: 'api/admin/tag-types/validate',
      body: { name: 'sec-free' },
    },
    'POST /api/admin/tag-types': { access: 'editor', path: 'api/admin/tag-types', body: { name: 'sec-new-tt' } },
    'PUT /api/admin/tag-types/:name': {
      access: 'editor',
      path: 'api/admin/tag-types/sec-tt',
      body: { name: 'sec-tt', description: 'changed' },
    },
    'DELETE /api/admin/tag-types/:name': { access: 'editor', path: 'api/admin/tag-types/sec-tt-doomed' },
    'GET /api/admin/tags': { access: 'signed-in', path: 'api/admin/tags' },
    'GET /api/admin/tags/:type': { access: 'signed-in', path: 'api/admin/tags/simple' },
    'POST /api/admin/tags': { access: 'editor', path: 'api/admin/tags', body: { type: 'simple', value: 'sec-new' } },
    'DELETE /api/admin/tags/:type/:value': { access: 'editor', path: 'api/admin/tags/simple/sec-tag' },
    'GET /api/admin/strategies': { access: 'signed-in', path: 'api/admin/strategies' },
    'GET /api/admin/strategies/:name': { access: 'signed-in', path: 'api/admin/strategies/sec-strategy' },
    'POST /api/admin/strategies/validate': {
      access: 'signed-in',
      path: 'api/admin/strategies/validate',
      body: { name: 'sec-free' },
    },
    'POST /api/admin/strategies': {
      access: 'editor',
      path: 'api/admin/strategies',
      body: { name: 'sec-new-strategy', parameters: [{ name: 'p', type: 'string', description: '', required: false }] },
    },
    'PUT /api/admin/strategies/:name': {
      access: 'editor',
      path: 'api/admin/strategies/sec-strategy',
      body: { name: 'sec-strategy', description: 'changed', parameters: [] },
    },
    'DELETE /api/admin/strategies/:name': { access: 'editor', path: 'api/admin/strategies/sec-strategy-doomed' },
    'POST /api/admin/strategies/:name/deprecate': {
      access: 'editor',
      path: 'api/admin/strategies/sec-strategy/deprecate',
    },
    'POST /api/admin/strategies/:name/reactivate': {
      access: 'editor',
      path: 'api/admin/strategies/sec-strategy/reactivate',
    },
    'GET /api/admin/addons': { access: 'signed-in', path: 'api/admin/addons' },
    'GET /api/admin/addons/:id': { access: 'signed-in', path: `api/admin/addons/${s.addonId}` },
    'GET /api/admin/addons/:id/deliveries': { access: 'signed-in', path: `api/admin/addons/${s.addonId}/deliveries` },
    'POST /api/admin/addons': { access: 'editor', path: 'api/admin/addons', body: SEC_ADDON },
    'PUT /api/admin/addons/:id': {
      access: 'editor',
      path: `api/admin/addons/${s.addonId}`,
      body: { ...SEC_ADDON, description: 'changed', parameters: { url: '*****' } },
    },
    'DELETE /api/admin/addons/:id': { access: 'editor', path: `api/admin/addons/${s.doomedAddonId}` },
    'GET /api/admin/context': { access: 'signed-in', path: 'api/admin/context' },
    'GET /api/admin/context/:name': { access: 'signed-in', path: 'api/admin/context/sec-ctx' },
    'POST /api/admin/context/validate': {
      access: 'signed-in',
      path: 'api/admin/context/validate',
      body: { name: 'sec-free' },
    },
    'POST /api/admin/context': {
      access: 'editor',
      path: 'api/admin/context',
      body: { name: 'sec-new-ctx', legalValues: ['a'], stickiness: false },
    },
    'PUT /api/admin/context/:name': {
      access: 'editor',
      path: 'api/admin/context/sec-ctx',
      body: { name: 'sec-ctx', description: 'changed', legalValues: ['b'] },
    },
    'DELETE /api/admin/context/:name': { access: 'editor', path: 'api/admin/context/sec-ctx-doomed' },
    'GET /api/admin/segments': { access: 'signed-in', path: 'api/admin/segments' },
    'GET /api/admin/segments/:id': { access: 'signed-in', path: `api/admin/segments/${s.segmentId}` },
    'GET /api/admin/segments/:id/strategies': {
      access: 'signed-in',
      path: `api/admin/segments/${s.segmentId}/strategies`,
    },
    'POST /api/admin/segments/validate': {
      access: 'signed-in',
      path: 'api/admin/segments/validate',
      body: { name: 'sec-free' },
    },
    'POST /api/admin/segments': {
      access: 'editor',
      path: 'api/admin/segments',
      body: { name: 'sec-new-segment', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] },
    },
    'PUT /api/admin/segments/:id': {
      access: 'editor',
      path: `api/admin/segments/${s.segmentId}`,
      body: { name: 'sec-segment', description: 'changed', constraints: [] },
    },
    'DELETE /api/admin/segments/:id': { access: 'editor', path: `api/admin/segments/${s.doomedSegmentId}` },
    'GET /api/admin/features': { access: 'signed-in', path: 'api/admin/features' },
    'POST /api/admin/features/validate': {
      access: 'signed-in',
      path: 'api/admin/features/validate',
      body: { name: 'sec-free' },
    },
    'POST /api/admin/features-batch/export': {
      access: 'signed-in',
      path: 'api/admin/features-batch/export',
      body: { environment: 'development', features: [t] },
    },
    'POST /api/admin/features-batch/validate': {
      access: 'signed-in',
      path: 'api/admin/features-batch/validate',
      body: SEC_IMPORT,
    },
    'POST /api/admin/features-batch/import': {
      access: 'editor',
      path: 'api/admin/features-batch/import',
      body: SEC_IMPORT,
    },
    'POST /api/admin/features': {
      access: 'editor',
      path: 'api/admin/features',
      body: { name: 'sec-new-toggle', type: 'release', strategies: [{ name: 'default' }] },
    },
    'GET /api/admin/features/:featureName': { access: 'signed-in', path: `api/admin/features/${t}` },
    'PUT /api/admin/features/:featureName': {
      access: 'editor',
      path: 'api/admin/features/sec-classic',
      body: { ...toggleBody, enabled: true, strategies: [{ name: 'default' }] },
    },
    'DELETE /api/admin/features/:featureName': { access: 'editor', path: 'api/admin/features/sec-doomed' },
    'POST /api/admin/features/:featureName/toggle/on': { access: 'editor', path: `api/admin/features/${t}/toggle/on` },
    'POST /api/admin/features/:featureName/toggle/off': {
      access: 'editor',
      path: `api/admin/features/${t}/toggle/off`,
    },
    'POST /api/admin/features/:featureName/toggle': { access: 'editor', path: `api/admin/features/${t}/toggle` },
    'POST /api/admin/features/:featureName/stale/on': { access: 'editor', path: `api/admin/features/${t}/stale/on` },
    'POST /api/admin/features/:featureName/stale/off': {
      access: 'editor',
      path: `api/admin/features/${t}/stale/off`,
    },
    'GET /api/admin/archive/features': { access: 'signed-in', path: 'api/admin/archive/features' },
    'POST /api/admin/archive/revive/:featureName': { access: 'editor', path: 'api/admin/archive/revive/sec-revive' },
    'DELETE /api/admin/archive/:featureName': { access: 'editor', path: 'api/admin/archive/sec-purge' },
    'GET /api/admin/features/:featureName/tags': { access: 'signed-in', path: `api/admin/features/${t}/tags` },
    'POST /api/admin/features/:featureName/tags': {
      access: 'editor',
      path: `api/admin/features/${t}/tags`,
      body: { type: 'simple', value: 'sec-ft-new' },
    },
    'DELETE /api/admin/features/:featureName/tags/:type/:value': {
      access: 'editor',
      path: `api/admin/features/${t}/tags/simple/sec-ft`,
    },
    'GET /api/admin/projects/:projectId/features': { access: 'signed-in', path: pf },
    'POST /api/admin/projects/:projectId/features': {
      access: 'editor',
      path: pf,
      body: { name: 'sec-new-ptoggle', type: 'experiment', description: 'd' },
    },
    'GET /api/admin/projects/:projectId/features/:featureName': { access: 'signed-in', path: `${pf}/${t}` },
    'PUT /api/admin/projects/:projectId/features/:featureName': {
      access: 'editor',
      path: `${pf}/${t}`,
      body: { name: t, description: 'changed', type: 'operational' },
    },
    'PATCH /api/admin/projects/:projectId/features/:featureName': {
      access: 'editor',
      path: `${pf}/${t}`,
      body: [{ op: 'replace', path: '/description', value: 'patched' }],
    },
    'PATCH /api/admin/projects/:projectId/features/:featureName/variants': {
      access: 'editor',
      path: `${pf}/${t}/variants`,
      body: [{ op: 'add', path: '/0', value: { name: 'v1', weight: 1000, weightType: 'variable' } }],
    },
    'PUT /api/admin/projects/:projectId/features/:featureName/variants': {
      access: 'editor',
      path: `${pf}/${t}/variants`,
      body: [{ name: 'v2', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName': { access: 'editor', path: `${pf}/sec-doomed2` },
    'POST /api/admin/projects/:projectId/features/:featureName/clone': {
      access: 'editor',
      path: `${pf}/${t}/clone`,
      body: { name: 'sec-clone', replaceGroupId: true },
    },
    'POST /api/admin/projects/:projectId/features/:featureName/favorites': {
      access: 'person',
      path: `${pf}/${t}/favorites`,
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName/favorites': {
      access: 'person',
      path: `${pf}/${t}/favorites`,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/dependencies': {
      access: 'editor',
      path: `${pf}/sec-child3/dependencies`,
      body: { feature: 'sec-parent' },
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName/dependencies/:parent': {
      access: 'editor',
      path: `${pf}/sec-child/dependencies/sec-parent`,
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName/dependencies': {
      access: 'editor',
      path: `${pf}/sec-child2/dependencies`,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/changeProject': {
      access: 'editor',
      path: `${pf}/sec-moving/changeProject`,
      body: { newProjectId: 'sec-proj' },
    },
    'GET /api/admin/projects/:projectId/features/:featureName/triggers': { access: 'signed-in', path: SEC_TRIGGERS },
    'POST /api/admin/projects/:projectId/features/:featureName/triggers': {
      access: 'editor',
      path: SEC_TRIGGERS,
      body: SEC_TRIGGER,
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName/triggers/:id': {
      access: 'editor',
      path: `${SEC_TRIGGERS}/${s.doomedTriggerId}`,
    },
    'GET /api/admin/projects/:projectId/features/:featureName/lifecycle': {
      access: 'signed-in',
      path: `${pf}/${t}/lifecycle`,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/lifecycle/complete': {
      access: 'editor',
      path: `${pf}/${t}/lifecycle/complete`,
      body: { status: 'kept', statusValue: 'v1' },
    },
    'POST /api/admin/projects/:projectId/features/:featureName/lifecycle/uncomplete': {
      access: 'editor',
      path: `${pf}/${t}/lifecycle/uncomplete`,
    },
    // Its body is ignored: any content type, up to 64 KB.
    'POST /api/triggers/:secret': { access: 'open', path: `api/triggers/${s.triggerSecret}`, body: { alert: 'sec' } },
    'GET /api/admin/projects/:projectId/features/:featureName/environments/:environment': {
      access: 'signed-in',
      path: `${pf}/${t}/environments/development`,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/on': {
      access: 'editor',
      path: `${pf}/${t}/environments/development/on`,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/off': {
      access: 'editor',
      path: `${pf}/${t}/environments/development/off`,
    },
    'POST /api/admin/projects/:projectId/bulk_features/environments/:environment/on': {
      access: 'editor',
      path: 'api/admin/projects/default/bulk_features/environments/development/on',
      body: { features: SEC_BULK, shouldActivateDisabledStrategies: false },
    },
    'POST /api/admin/projects/:projectId/bulk_features/environments/:environment/off': {
      access: 'editor',
      path: 'api/admin/projects/default/bulk_features/environments/development/off',
      body: { features: SEC_BULK },
    },
    'POST /api/admin/projects/:projectId/stale': {
      access: 'editor',
      path: 'api/admin/projects/default/stale',
      body: { features: SEC_BULK, stale: true },
    },
    'PUT /api/admin/projects/:projectId/tags': {
      access: 'editor',
      path: 'api/admin/projects/default/tags',
      body: { features: SEC_BULK, tags: { addedTags: [{ type: 'simple', value: 'sec-bulk-tag' }], removedTags: [] } },
    },
    'POST /api/admin/projects/:projectId/archive': {
      access: 'editor',
      path: 'api/admin/projects/default/archive',
      body: { features: ['sec-bulk-archive'] },
    },
    'POST /api/admin/projects/:projectId/revive': {
      access: 'editor',
      path: 'api/admin/projects/default/revive',
      body: { features: ['sec-bulk-revive'] },
    },
    'POST /api/admin/projects/:projectId/delete': {
      access: 'editor',
      path: 'api/admin/projects/default/delete',
      body: { features: ['sec-bulk-purge'] },
    },
    'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/copy': {
      access: 'editor',
      path: `${pf}/${t}/environments/production/strategies/copy`,
      body: { from: 'development' },
    },
    'GET /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies': {
      access: 'signed-in',
      path: STRATEGY_PATH,
    },
    'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies': {
      access: 'editor',
      path: STRATEGY_PATH,
      body: {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: t },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
      },
    },
    'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/set-sort-order': {
      access: 'editor',
      path: `${STRATEGY_PATH}/set-sort-order`,
      body: [
        { id: s.doomedStrategyId, sortOrder: 0 },
        { id: s.strategyId, sortOrder: 1 },
      ],
    },
    'GET /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': {
      access: 'signed-in',
      path: `${STRATEGY_PATH}/${s.strategyId}`,
    },
    'PUT /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': {
      access: 'editor',
      path: `${STRATEGY_PATH}/${s.strategyId}`,
      body: {
        name: 'default',
        parameters: {},
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['x'] }],
      },
    },
    'PATCH /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': {
      access: 'editor',
      path: `${STRATEGY_PATH}/${s.strategyId}`,
      body: [{ op: 'replace', path: '/constraints', value: [] }],
    },
    'DELETE /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': {
      access: 'editor',
      path: `${STRATEGY_PATH}/${s.doomedStrategyId}`,
    },
    'GET /api/admin/projects/:projectId/change-requests/config': {
      access: 'signed-in',
      path: 'api/admin/projects/sec-proj/change-requests/config',
    },
    // PROJECT_CHANGE_REQUEST_WRITE: the project's Owners and Admins (the matrix's Editor is not an Owner of sec-proj).
    'PUT /api/admin/projects/:projectId/environments/:environment/change-requests/config': {
      access: 'admin',
      path: SEC_CR_CONFIG,
      body: { changeRequestsEnabled: true, requiredApprovals: 1 },
    },
    'POST /api/admin/projects/:projectId/environments/:environment/change-requests': {
      access: 'editor-person',
      path: SEC_CHANGE_REQUESTS,
      body: SEC_CHANGE,
    },
    'GET /api/admin/projects/:projectId/change-requests': {
      access: 'signed-in',
      path: 'api/admin/projects/sec-proj/change-requests?state=Draft',
    },
    'GET /api/admin/projects/:projectId/change-requests/:id': {
      access: 'signed-in',
      path: `api/admin/projects/sec-proj/change-requests/${s.changeRequestId}`,
    },
    // An Editor (holding APPROVE_CHANGE_REQUEST) cancels the seeded request; the Admin then finds it cancelled (400).
    'PUT /api/admin/projects/:projectId/change-requests/:id/state': {
      access: 'editor-person',
      path: `api/admin/projects/sec-proj/change-requests/${s.changeRequestId}/state`,
      body: { state: 'Cancelled', comment: 'sec' },
    },
    'POST /api/admin/projects/:projectId/change-requests/:id/comments': {
      access: 'editor-person',
      path: `api/admin/projects/sec-proj/change-requests/${s.changeRequestId}/comments`,
      body: { text: 'sec' },
    },
    'GET /api/admin/change-requests/awaiting-me': { access: 'person', path: 'api/admin/change-requests/awaiting-me' },
    'GET /api/admin/push/vapid-public-key': { access: 'signed-in', path: 'api/admin/push/vapid-public-key' },
    'POST /api/admin/user/push-subscriptions': {
      access: 'person',
      path: 'api/admin/user/push-subscriptions',
      body: PUSH_SUBSCRIPTION,
    },
    'DELETE /api/admin/user/push-subscriptions': {
      access: 'person',
      path: 'api/admin/user/push-subscriptions',
      body: { endpoint: PUSH_SUBSCRIPTION.endpoint },
    },
    'GET /api/admin/sync/features': { access: 'signed-in', path: 'api/admin/sync/features' },
    'GET /api/admin/sync/stream': { access: 'signed-in', path: 'api/admin/sync/stream' },
    'GET /api/admin/events': { access: 'admin', path: 'api/admin/events' },
    'GET /api/admin/events/:toggleName': { access: 'signed-in', path: `api/admin/events/${t}` },
    'GET /api/client': { access: 'sdk', path: 'api/client' },
    'GET /api/client/': { access: 'sdk', path: 'api/client/' },
    'GET /api/client/features': { access: 'sdk', path: 'api/client/features' },
    'GET /api/client/features/:featureName': { access: 'sdk', path: `api/client/features/${t}` },
    'GET /api/client/delta': { access: 'sdk', path: 'api/client/delta' },
    'GET /api/client/streaming': { access: 'sdk', path: 'api/client/streaming' },
    'POST /api/client/register': {
      access: 'sdk',
      path: 'api/client/register',
      body: {
        appName: 'sec-app-new',
        instanceId: 'i2',
        sdkVersion: 'unleash-client-node:3.0.0',
        strategies: ['default'],
        started: now.toISOString(),
        interval: 10000,
      },
    },
    'POST /api/client/metrics': {
      access: 'sdk',
      path: 'api/client/metrics',
      body: {
        appName: 'sec-app',
        instanceId: 'i1',
        bucket: {
          start: new Date(now.getTime() - 60_000).toISOString(),
          stop: now.toISOString(),
          toggles: { [t]: { yes: 3, no: 1 } },
        },
      },
    },
    'GET /api/frontend': { access: 'frontend', path: 'api/frontend?userId=u1&properties[tier]=gold' },
    'POST /api/frontend': { access: 'frontend', path: 'api/frontend', body: { context: { userId: 'u1' } } },
    'POST /api/frontend/client/metrics': {
      access: 'frontend',
      path: 'api/frontend/client/metrics',
      body: {
        appName: 'sec-web',
        instanceId: 'browser',
        bucket: { start: new Date(now.getTime() - 60_000).toISOString(), stop: now.toISOString(), toggles: {} },
      },
    },
    'POST /api/frontend/client/register': {
      access: 'frontend',
      path: 'api/frontend/client/register',
      body: { appName: 'sec-web', instanceId: 'tab-1' },
    },
    'OPTIONS /api/frontend': { access: 'open', path: 'api/frontend' },
    'OPTIONS /api/frontend/client/metrics': { access: 'open', path: 'api/frontend/client/metrics' },
    'OPTIONS /api/frontend/client/register': { access: 'open', path: 'api/frontend/client/register' },
    'POST /ofrep/v1/evaluate/flags/:key': {
      access: 'ofrep',
      path: `ofrep/v1/evaluate/flags/${t}`,
      body: { context: { targetingKey: 'u1', tier: 'gold' } },
    },
    'POST /ofrep/v1/evaluate/flags': {
      access: 'ofrep',
      path: 'ofrep/v1/evaluate/flags',
      body: { context: { targetingKey: 'u1', tier: 'gold' } },
    },
    'OPTIONS /ofrep/v1/evaluate/flags/:key': { access: 'open', path: `ofrep/v1/evaluate/flags/${t}` },
    'OPTIONS /ofrep/v1/evaluate/flags': { access: 'open', path: 'ofrep/v1/evaluate/flags' },
    'GET /api/admin/ui-config/cors': { access: 'signed-in', path: 'api/admin/ui-config/cors' },
    'POST /api/admin/ui-config/cors': {
      access: 'admin',
      path: 'api/admin/ui-config/cors',
      body: { frontendApiOrigins: ['*'] },
    },
    'GET /api/admin/metrics/feature-toggles': { access: 'signed-in', path: 'api/admin/metrics/feature-toggles' },
    'GET /api/admin/metrics/feature-toggles/:name': {
      access: 'signed-in',
      path: `api/admin/metrics/feature-toggles/${t}`,
    },
    'GET /api/admin/metrics/seen-toggles': { access: 'signed-in', path: 'api/admin/metrics/seen-toggles' },
    'GET /api/admin/metrics/seen-apps': { access: 'signed-in', path: 'api/admin/metrics/seen-apps' },
    'GET /api/admin/metrics/applications': { access: 'signed-in', path: 'api/admin/metrics/applications' },
    'GET /api/admin/metrics/applications/:appName': {
      access: 'signed-in',
      path: 'api/admin/metrics/applications/sec-app',
    },
    'POST /api/admin/metrics/applications/:appName': {
      access: 'editor',
      path: 'api/admin/metrics/applications/sec-app',
      body: { description: 'changed', url: 'https://example.com', color: 'red', icon: 'star' },
    },
    'DELETE /api/admin/metrics/applications/:appName': {
      access: 'editor',
      path: 'api/admin/metrics/applications/sec-app-doomed',
    },
    'GET /api/admin/client-metrics/features/:name': {
      access: 'signed-in',
      path: `api/admin/client-metrics/features/${t}`,
    },
    'GET /api/admin/client-metrics/features/:name/raw': {
      access: 'signed-in',
      path: `api/admin/client-metrics/features/${t}/raw`,
    },
    'GET /docs/openapi.json': { access: 'open', path: 'docs/openapi.json' },
    'GET /docs': { access: 'open', path: 'docs' },
    'GET /docs/static/index.html': { access: 'open', path: 'docs/static/index.html' },
    'GET /docs/static/swagger-initializer.js': { access: 'open', path: 'docs/static/swagger-initializer.js' },
    'GET /docs/json': { access: 'open', path: 'docs/json' },
    'GET /docs/yaml': { access: 'open', path: 'docs/yaml' },
    'GET /docs/static/*': { access: 'open', path: 'docs/static/swagger-ui.css' },
    'GET /': { access: 'open', path: '' },
    'GET /*': { access: 'open', path: 'features' },
  };
}

/**
 * The key of a registered route's sample: `METHOD url`; a HEAD route uses its GET's, and a URL with a trailing slash
 * that has none of its own uses the one without (Fastify registers both for a plugin's root, such as /docs).
 */
export function sampleKey(table: Record<string, Sample>, route: RegisteredRoute): string | undefined {
  const urls = [route.url, ...(route.url.length > 1 && route.url.endsWith('/') ? [route.url.slice(0, -1)] : [])];
  const methods = [route.method, ...(route.method === 'HEAD' ? ['GET'] : [])];
  return methods.flatMap((method) => urls.map((url) => `${method} ${url}`)).find((key) => key in table);
}

/** The sample of a registered route (see sampleKey). */
export function sampleFor(table: Record<string, Sample>, route: RegisteredRoute): Sample | undefined {
  const key = sampleKey(table, route);
  return key === undefined ? undefined : table[key];
}

/**
 * A digest of every row of every table in the public schema: equal digests mean nothing was written. The addons'
 * outbox and attempts are left out: the delivery worker writes them in the background, and a request can only add to
 * the outbox together with an audit event, which the events table shows.
 */
export async function dataChecksum(server: TestServer): Promise<string> {
  const tables = await server.sql(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' " +
      "AND table_name NOT IN ('addon_deliveries', 'addon_attempts') ORDER BY 1",
  );
  const parts = tables.map(
    ({ table_name: name }) =>
      `SELECT '${String(name)}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${String(name)}" x`,
  );
  const rows = await server.sql(
    `SELECT string_agg(t || ':' || h, ',' ORDER BY t) AS digest FROM (${parts.join(' UNION ALL ')}) d`,
  );
  return String(rows[0].digest);
}
