-- Seed data: the default project (every toggle lives in a project) and this instance's id (shown in ui-config).
INSERT INTO "projects" ("id", "name", "description") VALUES ('default', 'Default', 'Default project') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "settings" ("name", "content") VALUES ('instanceInfo', jsonb_build_object('id', gen_random_uuid()::text)) ON CONFLICT DO NOTHING;
