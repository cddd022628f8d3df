CREATE TABLE "secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cipher" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "secrets_owner_tag_idx" ON "secrets" USING btree ("owner_id","identifier");