-- Seed data: Unleash's three environments (all enabled in the default project) and the default tag type.
INSERT INTO "environments" ("name", "type", "sort_order", "enabled", "protected") VALUES
  ('default', 'production', 1, true, true),
  ('development', 'development', 100, true, false),
  ('production', 'production', 200, true, false)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "project_environments" ("project", "environment")
  SELECT 'default', "name" FROM "environments" WHERE "name" IN ('default', 'development', 'production')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "tag_types" ("name", "description", "icon") VALUES ('simple', 'Used to simplify filtering of features', '#')
ON CONFLICT DO NOTHING;
