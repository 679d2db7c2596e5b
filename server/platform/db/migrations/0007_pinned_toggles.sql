CREATE TABLE "favorite_features" (
	"user_id" integer NOT NULL,
	"feature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_features_user_id_feature_pk" PRIMARY KEY("user_id","feature")
);
--> statement-breakpoint
ALTER TABLE "favorite_features" ADD CONSTRAINT "favorite_features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_features" ADD CONSTRAINT "favorite_features_feature_features_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_features_feature_idx" ON "favorite_features" USING btree ("feature");