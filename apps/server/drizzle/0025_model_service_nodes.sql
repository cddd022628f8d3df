CREATE TABLE "model_service_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "model_services" ADD COLUMN "node_id" text;--> statement-breakpoint
ALTER TABLE "model_services" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "model_services_node_idx" ON "model_services" USING btree ("node_id");