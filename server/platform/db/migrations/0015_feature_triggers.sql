CREATE TABLE "feature_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature" text NOT NULL,
	"environment" text NOT NULL,
	"action" text NOT NULL,
	"description" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fired_at" timestamp with time zone,
	"fire_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"window_fires" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_triggers" ADD CONSTRAINT "feature_triggers_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_triggers" ADD CONSTRAINT "feature_triggers_environment_environments_name_fk" FOREIGN KEY ("environment") REFERENCES "public"."environments"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_triggers_secret_hash_idx" ON "feature_triggers" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "feature_triggers_feature_idx" ON "feature_triggers" USING btree ("feature");