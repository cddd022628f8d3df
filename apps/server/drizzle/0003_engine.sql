CREATE TABLE "execution_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"execution_id" integer NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"run" text DEFAULT '' NOT NULL,
	"item_index" integer,
	"state" text DEFAULT 'no_status' NOT NULL,
	"try_number" integer DEFAULT 0 NOT NULL,
	"max_tries" integer DEFAULT 1 NOT NULL,
	"retry_delay_ms" integer DEFAULT 0 NOT NULL,
	"timeout_ms" integer,
	"next_attempt_at" timestamp with time zone,
	"process_version" text,
	"inputs" jsonb,
	"outputs" jsonb,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"worker_label" text,
	"pid" integer,
	"heartbeat_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "process_images" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "process_images" ADD COLUMN "retry_delay_seconds" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "process_images" ADD COLUMN "timeout_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "execution_tasks" ADD CONSTRAINT "execution_tasks_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "execution_tasks_identifier_idx" ON "execution_tasks" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "execution_tasks_task_idx" ON "execution_tasks" USING btree ("execution_id","task_id");--> statement-breakpoint
CREATE INDEX "execution_tasks_state_idx" ON "execution_tasks" USING btree ("state");