CREATE TABLE "application_packages" (
	"collection_id" text NOT NULL,
	"item_id" text NOT NULL,
	"cwl" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_packages_collection_id_item_id_pk" PRIMARY KEY("collection_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "application_packages" ADD CONSTRAINT "application_packages_item_fk" FOREIGN KEY ("collection_id","item_id") REFERENCES "public"."catalogue_items"("collection_id","id") ON DELETE cascade ON UPDATE cascade;