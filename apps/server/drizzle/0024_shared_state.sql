CREATE TABLE "marketplace_unannounced" (
	"pending" boolean PRIMARY KEY DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_orders" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;