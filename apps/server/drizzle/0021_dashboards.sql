CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_component" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_owner_identifier_idx" ON "dashboards" USING btree ("owner_id","identifier");