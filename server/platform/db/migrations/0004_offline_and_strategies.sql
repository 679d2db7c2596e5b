CREATE TABLE "context_fields" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text,
	"legal_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stickiness" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status" integer,
	"headers" jsonb,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_principal_key_pk" PRIMARY KEY("principal","key")
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"description" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"deprecated" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 9999 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");