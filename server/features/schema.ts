import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, belongsToId, createdAt, jsonList, jsonObject, timestampTz } from '../platform/db/columns.ts';
import { environments } from '../environments/schema.ts';
import { projects } from '../projects/schema.ts';
import { segments } from '../segments/schema.ts';
import { tags } from '../tags/schema.ts';
import { users } from '../users/schema.ts';

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
    archivedAt: timestampTz('archived_at'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at'),
    /** Bumped by every change to the toggle (metadata, state, strategies, variants): the ETag and If-Match value. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('features_project_idx').on(t.project)],
);

export const featureEnvironments = pgTable(
  'feature_environments',
  {
    feature: belongsTo('feature', () => features.name),
    environment: belongsTo('environment', () => environments.name),
    enabled: boolean('enabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.feature, t.environment] })],
);

export const featureStrategies = pgTable(
  'feature_strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feature: belongsTo('feature', () => features.name),
    environment: belongsTo('environment', () => environments.name),
    strategyName: text('strategy_name').notNull(),
    parameters: jsonObject('parameters'),
    constraints: jsonList('constraints'),
    /** Strategy variants: when this strategy decides, its variants are assigned instead of the toggle's. */
    variants: jsonList('variants'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('feature_strategies_feature_env_idx').on(t.feature, t.environment)],
);

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
    parent: belongsTo('parent', () => features.name),
    child: belongsTo('child', () => features.name),
    enabled: boolean('enabled').notNull().default(true),
    variants: jsonList('variants'),
  },
  (t) => [primaryKey({ columns: [t.parent, t.child] }), index('feature_dependencies_child_idx').on(t.child)],
);

/** The toggles each user pinned (favourites): per user, gone with the user or the toggle. */
export const favoriteFeatures = pgTable(
  'favorite_features',
  {
    userId: belongsToId('user_id', () => users.id),
    feature: belongsTo('feature', () => features.name),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] }), index('favorite_features_feature_idx').on(t.feature)],
);

export const featureTags = pgTable(
  'feature_tags',
  {
    feature: belongsTo('feature', () => features.name),
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
