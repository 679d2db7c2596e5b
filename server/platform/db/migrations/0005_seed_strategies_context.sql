-- Seed: Unleash 4's built-in strategy definitions (the add dialog's order) and built-in context fields.
INSERT INTO "strategies" ("name", "display_name", "description", "parameters", "built_in", "deprecated", "sort_order") VALUES
  ('default', 'Standard', 'The standard strategy is strictly on / off for your entire userbase.', '[]'::jsonb, true, false, 0),
  ('flexibleRollout', 'Gradual rollout', 'Roll out to a percentage of your userbase, and ensure that the experience is the same for the user on each visit.', '[{"name": "rollout", "type": "percentage", "description": "", "required": false}, {"name": "stickiness", "type": "string", "description": "Used define stickiness. Possible values: default, userId, sessionId, random", "required": true}, {"name": "groupId", "type": "string", "description": "Used to define a activation groups, which allows you to correlate across feature toggles.", "required": true}]'::jsonb, true, false, 1),
  ('userWithId', 'UserIDs', 'Enable the feature for a specific set of userIds.', '[{"name": "userIds", "type": "list", "description": "", "required": false}]'::jsonb, true, false, 2),
  ('remoteAddress', 'IPs', 'Enable the feature for a specific set of IP addresses.', '[{"name": "IPs", "type": "list", "description": "List of IPs to enable the feature toggle for.", "required": true}]'::jsonb, true, false, 3),
  ('applicationHostname', 'Hosts', 'Enable the feature for a specific set of hostnames.', '[{"name": "hostNames", "type": "list", "description": "List of hostnames to enable the feature toggle for.", "required": false}]'::jsonb, true, false, 4),
  ('gradualRolloutRandom', 'Randomized', 'Randomly activate the feature toggle. No stickiness.', '[{"name": "percentage", "type": "percentage", "description": "", "required": false}]'::jsonb, true, true, 5),
  ('gradualRolloutSessionId', 'Sessions', 'Gradually activate feature toggle. Stickiness based on session id.', '[{"name": "percentage", "type": "percentage", "description": "", "required": false}, {"name": "groupId", "type": "string", "description": "Used to define a activation groups, which allows you to correlate across feature toggles.", "required": true}]'::jsonb, true, true, 6),
  ('gradualRolloutUserId', 'Users', 'Gradually activate feature toggle for logged in users. Stickiness based on user id.', '[{"name": "percentage", "type": "percentage", "description": "", "required": false}, {"name": "groupId", "type": "string", "description": "Used to define a activation groups, which allows you to correlate across feature toggles.", "required": true}]'::jsonb, true, true, 7)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "context_fields" ("name", "description", "sort_order") VALUES
  ('environment', 'Allows you to constrain on application environment', 0),
  ('userId', 'Allows you to constrain on userId', 1),
  ('appName', 'Allows you to constrain on application name', 2),
  ('sessionId', 'Allows you to constrain on sessionId', 3),
  ('remoteAddress', 'Allows you to constrain on remoteAddress', 4)
ON CONFLICT DO NOTHING;
