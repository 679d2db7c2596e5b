CREATE TABLE "api_tokens" (
	"secret" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"type" text NOT NULL,
	"project" text NOT NULL,
	"environment" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project" text,
	"environment" text,
	"feature_name" text,
	"data" jsonb,
	"pre_data" jsonb,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"name" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_feedback" (
	"user_id" integer NOT NULL,
	"feedback_id" text NOT NULL,
	"given" timestamp with time zone,
	"never_show" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_feedback_user_id_feedback_id_pk" PRIMARY KEY("user_id","feedback_id")
);
--> statement-breakpoint
CREATE TABLE "user_splash" (
	"user_id" integer NOT NULL,
	"splash_id" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_splash_user_id_splash_id_pk" PRIMARY KEY("user_id","splash_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"username" text,
	"email" text,
	"password_hash" text,
	"root_role" integer NOT NULL,
	"login_attempts" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD CONSTRAINT "user_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_splash" ADD CONSTRAINT "user_splash_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_feature_name_idx" ON "events" USING btree ("feature_name");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");