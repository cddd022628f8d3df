CREATE TABLE "dataset_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"owner_user_id" integer,
	"collection_id" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"publisher" text NOT NULL,
	"license" text,
	"path" text NOT NULL,
	"status" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dataset_orders" ADD CONSTRAINT "dataset_orders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_orders_owner_idx" ON "dataset_orders" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE INDEX "dataset_orders_item_idx" ON "dataset_orders" USING btree ("collection_id","item_id");