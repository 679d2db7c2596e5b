CREATE TABLE "feature_dependencies" (
	"parent" text NOT NULL,
	"child" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "feature_dependencies_parent_child_pk" PRIMARY KEY("parent","child")
);
--> statement-breakpoint
CREATE TABLE "feature_strategy_segments" (
	"strategy_id" uuid NOT NULL,
	"segment_id" integer NOT NULL,
	CONSTRAINT "feature_strategy_segments_strategy_id_segment_id_pk" PRIMARY KEY("strategy_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"project" text,
	"constraints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "feature_strategies" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "impression_data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_dependencies" ADD CONSTRAINT "feature_dependencies_parent_features_name_fk" FOREIGN KEY ("parent") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_dependencies" ADD CONSTRAINT "feature_dependencies_child_features_name_fk" FOREIGN KEY ("child") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_strategy_segments" ADD CONSTRAINT "feature_strategy_segments_strategy_id_feature_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."feature_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_strategy_segments" ADD CONSTRAINT "feature_strategy_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_dependencies_child_idx" ON "feature_dependencies" USING btree ("child");--> statement-breakpoint
CREATE INDEX "feature_strategy_segments_segment_idx" ON "feature_strategy_segments" USING btree ("segment_id");