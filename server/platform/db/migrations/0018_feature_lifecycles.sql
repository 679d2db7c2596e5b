CREATE TABLE "feature_lifecycles" (
	"feature" text NOT NULL,
	"stage" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text,
	"status_value" text,
	CONSTRAINT "feature_lifecycles_feature_stage_pk" PRIMARY KEY("feature","stage")
);
--> statement-breakpoint
ALTER TABLE "feature_lifecycles" ADD CONSTRAINT "feature_lifecycles_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;