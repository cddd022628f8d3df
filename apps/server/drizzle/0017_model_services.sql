CREATE TABLE "model_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"model_name" text NOT NULL,
	"model_version" text NOT NULL,
	"owner_id" text NOT NULL,
	"owner_user_id" integer,
	"status" text NOT NULL,
	"error" text,
	"pid" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "model_services" ADD CONSTRAINT "model_services_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_services_owner_idx" ON "model_services" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_services_one_per_user_idx" ON "model_services" USING btree ("owner_id","collection_id","item_id") WHERE "model_services"."status" <> 'undeployed';