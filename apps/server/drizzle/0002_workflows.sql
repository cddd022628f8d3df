CREATE TABLE "workflow_versions" (
	"workflow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"graph" jsonb DEFAULT '{"nodes":[],"edges":[]}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processor_id" integer NOT NULL,
	"processor_version" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"execution_results" jsonb,
	"workflow_execution_order" jsonb NOT NULL,
	"workflow_execution_id" text,
	"schedule_id" integer,
	"datastore" text,
	"product_order" jsonb,
	"submitted_at" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_processor_id_workflows_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_versions_pk" ON "workflow_versions" USING btree ("workflow_id","version");--> statement-breakpoint
CREATE INDEX "workflow_versions_workflow_idx" ON "workflow_versions" USING btree ("workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_identifier_idx" ON "workflows" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "executions_identifier_idx" ON "executions" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "executions_processor_idx" ON "executions" USING btree ("processor_id");--> statement-breakpoint
CREATE INDEX "executions_status_idx" ON "executions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "executions_created_idx" ON "executions" USING btree ("created_at");