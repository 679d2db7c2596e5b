import { Type, type Static } from 'typebox';
import { ContextFieldSchema } from './context.ts';
import { FeatureTypeSchema } from './features.ts';
import { ProjectSummarySchema } from './projects.ts';
import { StrategyDefinitionSchema } from './strategies.ts';
import { TagTypeSchema } from './tags.ts';
import { ApiUserSchema, CallerStateFields, UserSchema } from './users.ts';

export const LinkSchema = Type.Object({
  value: Type.String(),
  icon: Type.String(),
  href: Type.String(),
  title: Type.String(),
});

/** GET api/admin/ui-config: open, the sign-in page reads it (authenticationType picks the sign-in form). */
export const UiConfigSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  slogan: Type.String(),
  authenticationType: Type.Union([Type.Literal('open-source'), Type.Literal('demo'), Type.Literal('none')]),
  unleashUrl: Type.String(),
  baseUriPath: Type.String(),
  flags: Type.Object({ P: Type.Boolean(), C: Type.Boolean(), E: Type.Boolean() }),
  links: Type.Array(LinkSchema),
  versionInfo: Type.Object({
    current: Type.Object({ oss: Type.String(), enterprise: Type.String() }),
    latest: Type.Object({}),
    isLatest: Type.Boolean(),
    instanceId: Type.String(),
  }),
});
export type UiConfig = Static<typeof UiConfigSchema>;

/** GET api/admin/ui-bootstrap: ui-config, the caller and the reference data, each as its own call answers it. */
export const UiBootstrapSchema = Type.Object({
  uiConfig: UiConfigSchema,
  user: Type.Union([
    Type.Object({ ...UserSchema.properties, ...CallerStateFields }),
    Type.Object({ ...ApiUserSchema.properties, ...CallerStateFields }),
  ]),
  email: Type.Literal(false),
  context: Type.Array(ContextFieldSchema),
  featureTypes: Type.Array(FeatureTypeSchema),
  tagTypes: Type.Array(TagTypeSchema),
  strategies: Type.Array(StrategyDefinitionSchema),
  projects: Type.Array(ProjectSummarySchema),
});
export type UiBootstrap = Static<typeof UiBootstrapSchema>;
