CREATE TABLE "change_request_approvals" (
	"change_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_approvals_change_request_id_user_id_pk" PRIMARY KEY("change_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "change_request_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_request_id" integer NOT NULL,
	"feature" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"feature_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_request_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"environment" text NOT NULL,
	"state" text DEFAULT 'Draft' NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"conflict" jsonb
);
--> statement-breakpoint
ALTER TABLE "change_request_approvals" ADD CONSTRAINT "change_request_approvals_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_approvals" ADD CONSTRAINT "change_request_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_changes" ADD CONSTRAINT "change_request_changes_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_changes" ADD CONSTRAINT "change_request_changes_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_comments" ADD CONSTRAINT "change_request_comments_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_environment_environments_name_fk" FOREIGN KEY ("environment") REFERENCES "public"."environments"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_request_changes_request_idx" ON "change_request_changes" USING btree ("change_request_id");--> statement-breakpoint
CREATE INDEX "change_request_comments_request_idx" ON "change_request_comments" USING btree ("change_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_one_draft_idx" ON "change_requests" USING btree ("project","environment","created_by_id") WHERE "change_requests"."state" = 'Draft';--> statement-breakpoint
CREATE INDEX "change_requests_project_state_idx" ON "change_requests" USING btree ("project","state");