-- A marketplace resource says whether its card offers Execute (isExecutable; issue 34 §3: a
-- model without an ONNX file offered it). Rows written before get it at once (a workflow or an
-- application is executable, a dataset is not), and every catalogue item is marked for the
-- marketplace to read again from its source before its next answer: a model then says whether
-- it has an ONNX file, and an id without a publisher prefix shows its owner (docs/seed-data.md).
UPDATE "marketplace_resources" SET "resource" = "resource" || jsonb_build_object('isExecutable', "type" <> 'dataset');
--> statement-breakpoint
INSERT INTO "marketplace_changes" ("collection_id", "item_id")
SELECT "collection_id", "identifier" FROM "marketplace_resources" WHERE "type" <> 'workflow';
