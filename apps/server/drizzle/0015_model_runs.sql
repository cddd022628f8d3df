CREATE TABLE "model_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace" text NOT NULL,
	"experiment_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'FINISHED' NOT NULL,
	"owner_id" integer,
	"is_public" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"params" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"artifact_uri" text
);
--> statement-breakpoint
ALTER TABLE "model_runs" ADD CONSTRAINT "model_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_runs_experiment_idx" ON "model_runs" USING btree ("workspace","experiment_id");