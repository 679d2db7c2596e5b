ALTER TABLE "change_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "revert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "revert" jsonb;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "schedule_failure" jsonb;--> statement-breakpoint
CREATE INDEX "change_requests_due_idx" ON "change_requests" USING btree ("due_at") WHERE "change_requests"."due_at" is not null;