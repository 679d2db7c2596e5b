import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name'),
  username: text('username').unique(),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  rootRole: integer('root_role').notNull(),
  loginAttempts: integer('login_attempts').notNull().default(0),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts per account (`user:<id>`, or `name:<login>` for an unknown name) and per client address: every
 * attempt is reserved here before its password is checked, and a success releases it. Reaching the limit locks the
 * key until `locked_until`; each lock is twice as long as the one before (`lockouts`), up to an hour.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    scope: text('scope', { enum: ['account', 'address'] }).notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull(),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index('login_attempts_updated_idx').on(t.updatedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The single sign-on provider ('oidc', 'google', 'saml') that signed this session in; null for a password. */
    provider: text('provider'),
    /** The OpenID provider's ID token, sent back as `id_token_hint` when the user signs out (single sign-out). */
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** IDs of SAML assertions already used to sign in, kept until they expire: a replayed response is refused. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('saml_assertions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use tokens of invitations (7 days) and password resets (1 day), e-mailed or shown as links: only the SHA-256
 * of the token is stored; `used_at` is set when a password is set with it.
 */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('reset_tokens_user_id_idx').on(t.userId)],
);

export const apiTokens = pgTable('api_tokens', {
  secret: text('secret').primaryKey(),
  username: text('username').notNull(),
  type: text('type', { enum: ['admin', 'client', 'frontend'] }).notNull(),
  project: text('project').notNull(),
  environment: text('environment').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    project: text('project'),
    environment: text('environment'),
    featureName: text('feature_name'),
    data: jsonb('data'),
    preData: jsonb('pre_data'),
    tags: jsonb('tags')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('events_feature_name_idx').on(t.featureName),
    index('events_created_by_idx').on(t.createdBy),
    index('events_type_idx').on(t.type),
    index('events_project_idx').on(t.project),
  ],
);

/** Configured addons: a provider (webhook, slack, teams, datadog), its parameters and the event types it listens to. */
export const addons = pgTable('addons', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  parameters: jsonb('parameters')
    .notNull()
    .default(sql`'{}'::jsonb`),
  events: jsonb('events')
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

/**
 * The addons' outbox: one row per event an enabled addon listens to, written in the event's transaction, sent by the
 * delivery worker until it is `delivered` or gives up (`failed`). `next_attempt_at` is both the backoff and the lease
 * a worker takes before it sends, so several processes never send one row at once.
 */
export const addonDeliveries = pgTable(
  'addon_deliveries',
  {
    id: serial('id').primaryKey(),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('addon_deliveries_addon_event_idx').on(t.addonId, t.eventId),
    index('addon_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Each attempt to deliver: the answer's status or the error, shown as the addon's delivery log. */
export const addonAttempts = pgTable(
  'addon_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => addonDeliveries.id, { onDelete: 'cascade' }),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: integer('status'),
    error: text('error'),
  },
  (t) => [index('addon_attempts_addon_idx').on(t.addonId, t.id)],
);

export const userFeedback = pgTable(
  'user_feedback',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackId: text('feedback_id').notNull(),
    given: timestamp('given', { withTimezone: true, mode: 'date' }),
    neverShow: boolean('never_show').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feedbackId] })],
);

export const userSplash = pgTable(
  'user_splash',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    splashId: text('splash_id').notNull(),
    seen: boolean('seen').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.splashId] })],
);

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
});

export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  content: jsonb('content').notNull(),
});

export const environments = pgTable('environments', {
  name: text('name').primaryKey(),
  type: text('type').notNull(),
  sortOrder: integer('sort_order').notNull().default(9999),
  enabled: boolean('enabled').notNull().default(true),
  protected: boolean('protected').notNull().default(false),
  createdAt: createdAt(),
});

/** The environments enabled in a project: a toggle gets its project's environments. */
export const projectEnvironments = pgTable(
  'project_environments',
  {
    project: text('project')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    environment: text('environment')
      .notNull()
      .references(() => environments.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.project, t.environment] })],
);

/** Project roles (Owner, Member: server/platform/access/roles.ts) held by users: one role per user and project. */
export const projectUsers = pgTable(
  'project_users',
  {
    project: text('project')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.project, t.userId] }), index('project_users_user_id_idx').on(t.userId)],
);

export const features = pgTable(
  'features',
  {
    name: text('name').primaryKey(),
    description: text('description'),
    type: text('type').notNull().default('release'),
    project: text('project')
      .notNull()
      .references(() => projects.id),
    stale: boolean('stale').notNull().default(false),
    variants: jsonb('variants'),
    /** Whether SDKs emit impression events for the toggle (Unleash 4.7+; served to SDKs and the frontend API). */
    impressionData: boolean('impression_data').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by every change to the toggle (metadata, state, strategies, variants): the ETag and If-Match value. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('features_project_idx').on(t.project)],
);

export const featureEnvironments = pgTable(
  'feature_environments',
  {
    feature: text('feature')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    environment: text('environment')
      .notNull()
      .references(() => environments.name, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.feature, t.environment] })],
);

export const featureStrategies = pgTable(
  'feature_strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feature: text('feature')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    environment: text('environment')
      .notNull()
      .references(() => environments.name, { onDelete: 'cascade' }),
    strategyName: text('strategy_name').notNull(),
    parameters: jsonb('parameters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    constraints: jsonb('constraints')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Strategy variants: when this strategy decides, its variants are assigned instead of the toggle's. */
    variants: jsonb('variants')
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('feature_strategies_feature_env_idx').on(t.feature, t.environment)],
);

/** Segments: named lists of constraints that strategies share (global when project is null). */
export const segments = pgTable('segments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  project: text('project').references(() => projects.id, { onDelete: 'cascade' }),
  constraints: jsonb('constraints')
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/** The segments a strategy instance uses; a segment in use cannot be deleted. */
export const featureStrategySegments = pgTable(
  'feature_strategy_segments',
  {
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => featureStrategies.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.segmentId] }),
    index('feature_strategy_segments_segment_idx').on(t.segmentId),
  ],
);

/**
 * Dependent toggles: the child is on only when its parent is (enabled true, the default), or off (false), and when
 * variants are listed, only when the parent's variant is one of them. A parent with children cannot be archived.
 */
export const featureDependencies = pgTable(
  'feature_dependencies',
  {
    parent: text('parent')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    child: text('child')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    variants: jsonb('variants')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.parent, t.child] }), index('feature_dependencies_child_idx').on(t.child)],
);

/** The toggles each user pinned (favourites): per user, gone with the user or the toggle. */
export const favoriteFeatures = pgTable(
  'favorite_features',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] }), index('favorite_features_feature_idx').on(t.feature)],
);

export const tagTypes = pgTable('tag_types', {
  name: text('name').primaryKey(),
  description: text('description'),
  icon: text('icon'),
  createdAt: createdAt(),
});

export const tags = pgTable(
  'tags',
  {
    type: text('type')
      .notNull()
      .references(() => tagTypes.name, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.value] })],
);

export const featureTags = pgTable(
  'feature_tags',
  {
    feature: text('feature')
      .notNull()
      .references(() => features.name, { onDelete: 'cascade' }),
    tagType: text('tag_type').notNull(),
    tagValue: text('tag_value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.feature, t.tagType, t.tagValue] }),
    foreignKey({ columns: [t.tagType, t.tagValue], foreignColumns: [tags.type, tags.value] }).onDelete('cascade'),
    index('feature_tags_tag_idx').on(t.tagType, t.tagValue),
  ],
);

/** Applications that registered through the client API (SDKs). */
export const clientApplications = pgTable('client_applications', {
  appName: text('app_name').primaryKey(),
  strategies: jsonb('strategies')
    .notNull()
    .default(sql`'[]'::jsonb`),
  description: text('description'),
  url: text('url'),
  color: text('color'),
  icon: text('icon'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const clientInstances = pgTable(
  'client_instances',
  {
    appName: text('app_name').notNull(),
    instanceId: text('instance_id').notNull(),
    environment: text('environment').notNull().default('default'),
    sdkVersion: text('sdk_version'),
    clientIp: text('client_ip'),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appName, t.instanceId, t.environment] })],
);

/** Toggle evaluation counts reported by SDKs, summed per hour. */
export const clientMetricsHourly = pgTable(
  'client_metrics_hourly',
  {
    featureName: text('feature_name').notNull(),
    appName: text('app_name').notNull(),
    environment: text('environment').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    yes: integer('yes').notNull().default(0),
    no: integer('no').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.featureName, t.appName, t.environment, t.hour] }),
    index('client_metrics_hourly_hour_idx').on(t.hour),
  ],
);

/** Strategy definitions: the built-ins (seeded, read-only) and custom ones. */
export const strategies = pgTable('strategies', {
  name: text('name').primaryKey(),
  displayName: text('display_name'),
  description: text('description'),
  /** [{name, type, description, required}] */
  parameters: jsonb('parameters')
    .notNull()
    .default(sql`'[]'::jsonb`),
  builtIn: boolean('built_in').notNull().default(false),
  deprecated: boolean('deprecated').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(9999),
  createdAt: createdAt(),
});

/** Context fields: sources for constraints and stickiness. */
export const contextFields = pgTable('context_fields', {
  name: text('name').primaryKey(),
  description: text('description'),
  legalValues: jsonb('legal_values')
    .notNull()
    .default(sql`'[]'::jsonb`),
  stickiness: boolean('stickiness').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(10),
  createdAt: createdAt(),
});

/**
 * Answers to mutating calls sent with an Idempotency-Key, per caller: a repeat gets the stored answer and changes
 * nothing. `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    /** SHA-256 of the body as canonical JSON: the key with another body is a 422 (null: stored before it was kept). */
    bodyHash: text('body_hash'),
    status: integer('status'),
    headers: jsonb('headers'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
