CREATE TABLE "catalogue_collection_workspaces" (
	"collection_id" text NOT NULL,
	"workspace_id" integer NOT NULL,
	CONSTRAINT "catalogue_collection_workspaces_collection_id_workspace_id_pk" PRIMARY KEY("collection_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"collection_id" text NOT NULL,
	"id" text NOT NULL,
	"datetime" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"bbox" "box",
	"bbox_wrap" "box",
	"footprint" "polygon"[],
	"bbox_values" jsonb,
	"geometry" jsonb,
	"properties" jsonb NOT NULL,
	"assets" jsonb NOT NULL,
	"links" jsonb NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_items_collection_id_id_pk" PRIMARY KEY("collection_id","id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_collection_workspaces" ADD CONSTRAINT "catalogue_collection_workspaces_collection_id_catalogue_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."catalogue_collections"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalogue_collection_workspaces" ADD CONSTRAINT "catalogue_collection_workspaces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_collection_id_catalogue_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."catalogue_collections"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "catalogue_collection_workspaces_ws_idx" ON "catalogue_collection_workspaces" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "catalogue_items_space_time_idx" ON "catalogue_items" USING gist ("bbox",tstzrange("start_at", "end_at", '[]'));--> statement-breakpoint
CREATE INDEX "catalogue_items_wrap_idx" ON "catalogue_items" USING gist ("bbox_wrap") WHERE "catalogue_items"."bbox_wrap" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_items_time_idx" ON "catalogue_items" USING gist (tstzrange("start_at", "end_at", '[]'));--> statement-breakpoint
CREATE INDEX "catalogue_items_collection_datetime_idx" ON "catalogue_items" USING btree ("collection_id","datetime" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalogue_items_datetime_idx" ON "catalogue_items" USING btree ("datetime" DESC NULLS LAST,"collection_id","id");--> statement-breakpoint
CREATE INDEX "catalogue_items_properties_idx" ON "catalogue_items" USING gin ("properties" jsonb_path_ops);