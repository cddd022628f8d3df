CREATE TABLE "marketplace_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workflow_id" integer,
	"collection_id" text,
	"item_id" text
);
--> statement-breakpoint
CREATE TABLE "marketplace_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"collection_id" text NOT NULL,
	"identifier" text NOT NULL,
	"workflow_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"resource" jsonb NOT NULL,
	"facets" jsonb NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketplace_resources_search_idx" ON "marketplace_resources" USING gin ("search");--> statement-breakpoint
CREATE INDEX "marketplace_resources_created_idx" ON "marketplace_resources" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "marketplace_resources_source_idx" ON "marketplace_resources" USING btree ("collection_id","identifier");--> statement-breakpoint
CREATE INDEX "marketplace_resources_workflow_idx" ON "marketplace_resources" USING btree ("workflow_id") WHERE "marketplace_resources"."workflow_id" IS NOT NULL;--> statement-breakpoint
-- The marketplace's change marks (docs/marketplace.md "Storage"): written here, by triggers, so
-- that every write path marks what it changed; only rows the marketplace may list are marked.
CREATE FUNCTION "marketplace_mark_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "marketplace_changes" ("collection_id", "item_id")
      SELECT "collection_id", "id" FROM "old_rows"
      WHERE ("properties" ->> 'type') IN ('model', 'dataset') OR ("properties" ->> 'asb:type') = 'application';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "marketplace_changes" ("collection_id", "item_id")
      SELECT "collection_id", "id" FROM "new_rows"
      WHERE ("properties" ->> 'type') IN ('model', 'dataset') OR ("properties" ->> 'asb:type') = 'application';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_items_insert" AFTER INSERT ON "catalogue_items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_mark_items"();
--> statement-breakpoint
CREATE TRIGGER "marketplace_items_update" AFTER UPDATE ON "catalogue_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_mark_items"();
--> statement-breakpoint
CREATE TRIGGER "marketplace_items_delete" AFTER DELETE ON "catalogue_items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_mark_items"();
--> statement-breakpoint
CREATE FUNCTION "marketplace_mark_collection"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "marketplace_changes" ("collection_id") VALUES (OLD."id");
  IF TG_OP = 'UPDATE' AND NEW."id" <> OLD."id" THEN
    INSERT INTO "marketplace_changes" ("collection_id") VALUES (NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_collections" AFTER UPDATE OR DELETE ON "catalogue_collections" FOR EACH ROW EXECUTE FUNCTION "marketplace_mark_collection"();
--> statement-breakpoint
CREATE FUNCTION "marketplace_mark_workflow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD."is_published") OR (TG_OP <> 'DELETE' AND NEW."is_published") THEN
    INSERT INTO "marketplace_changes" ("workflow_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_workflows" AFTER INSERT OR UPDATE OR DELETE ON "workflows" FOR EACH ROW EXECUTE FUNCTION "marketplace_mark_workflow"();
--> statement-breakpoint
-- what was published before this migration
INSERT INTO "marketplace_changes" ("collection_id") SELECT "id" FROM "catalogue_collections";
--> statement-breakpoint
INSERT INTO "marketplace_changes" ("workflow_id") SELECT "id" FROM "workflows" WHERE "is_published";
