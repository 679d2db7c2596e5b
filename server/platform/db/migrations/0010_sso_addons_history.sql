CREATE TABLE "addon_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "addon_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"addon_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_assertions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_token" text;--> statement-breakpoint
ALTER TABLE "addon_attempts" ADD CONSTRAINT "addon_attempts_delivery_id_addon_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."addon_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_attempts" ADD CONSTRAINT "addon_attempts_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_deliveries" ADD CONSTRAINT "addon_deliveries_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_deliveries" ADD CONSTRAINT "addon_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addon_attempts_addon_idx" ON "addon_attempts" USING btree ("addon_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "addon_deliveries_addon_event_idx" ON "addon_deliveries" USING btree ("addon_id","event_id");--> statement-breakpoint
CREATE INDEX "addon_deliveries_due_idx" ON "addon_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "saml_assertions_expires_idx" ON "saml_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("type");--> statement-breakpoint
CREATE INDEX "events_project_idx" ON "events" USING btree ("project");