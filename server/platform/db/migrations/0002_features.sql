CREATE TABLE "client_applications" (
	"app_name" text PRIMARY KEY NOT NULL,
	"strategies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"url" text,
	"color" text,
	"icon" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_instances" (
	"app_name" text NOT NULL,
	"instance_id" text NOT NULL,
	"environment" text DEFAULT 'default' NOT NULL,
	"sdk_version" text,
	"client_ip" text,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_instances_app_name_instance_id_environment_pk" PRIMARY KEY("app_name","instance_id","environment")
);
--> statement-breakpoint
CREATE TABLE "client_metrics_hourly" (
	"feature_name" text NOT NULL,
	"app_name" text NOT NULL,
	"environment" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"yes" integer DEFAULT 0 NOT NULL,
	"no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_metrics_hourly_feature_name_app_name_environment_hour_pk" PRIMARY KEY("feature_name","app_name","environment","hour")
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"name" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer DEFAULT 9999 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_environments" (
	"feature" text NOT NULL,
	"environment" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "feature_environments_feature_environment_pk" PRIMARY KEY("feature","environment")
);
--> statement-breakpoint
CREATE TABLE "feature_strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature" text NOT NULL,
	"environment" text NOT NULL,
	"strategy_name" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"constraints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_tags" (
	"feature" text NOT NULL,
	"tag_type" text NOT NULL,
	"tag_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_tags_feature_tag_type_tag_value_pk" PRIMARY KEY("feature","tag_type","tag_value")
);
--> statement-breakpoint
CREATE TABLE "features" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text,
	"type" text DEFAULT 'release' NOT NULL,
	"project" text NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"variants" jsonb,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_environments" (
	"project" text NOT NULL,
	"environment" text NOT NULL,
	CONSTRAINT "project_environments_project_environment_pk" PRIMARY KEY("project","environment")
);
--> statement-breakpoint
CREATE TABLE "tag_types" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_type_value_pk" PRIMARY KEY("type","value")
);
--> statement-breakpoint
ALTER TABLE "feature_environments" ADD CONSTRAINT "feature_environments_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_environments" ADD CONSTRAINT "feature_environments_environment_environments_name_fk" FOREIGN KEY ("environment") REFERENCES "public"."environments"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_strategies" ADD CONSTRAINT "feature_strategies_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_strategies" ADD CONSTRAINT "feature_strategies_environment_environments_name_fk" FOREIGN KEY ("environment") REFERENCES "public"."environments"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_tags" ADD CONSTRAINT "feature_tags_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_tags" ADD CONSTRAINT "feature_tags_tag_type_tag_value_tags_type_value_fk" FOREIGN KEY ("tag_type","tag_value") REFERENCES "public"."tags"("type","value") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_environments" ADD CONSTRAINT "project_environments_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_environments" ADD CONSTRAINT "project_environments_environment_environments_name_fk" FOREIGN KEY ("environment") REFERENCES "public"."environments"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_type_tag_types_name_fk" FOREIGN KEY ("type") REFERENCES "public"."tag_types"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_metrics_hourly_hour_idx" ON "client_metrics_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "feature_strategies_feature_env_idx" ON "feature_strategies" USING btree ("feature","environment");--> statement-breakpoint
CREATE INDEX "feature_tags_tag_idx" ON "feature_tags" USING btree ("tag_type","tag_value");--> statement-breakpoint
CREATE INDEX "features_project_idx" ON "features" USING btree ("project");