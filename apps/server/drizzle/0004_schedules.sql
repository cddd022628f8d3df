CREATE TABLE "schedule_items" (
	"schedule_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_items_schedule_id_item_id_pk" PRIMARY KEY("schedule_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processor_id" integer NOT NULL,
	"processor_version" integer,
	"status" text DEFAULT 'enabled' NOT NULL,
	"strategy" text NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"interval" integer,
	"interval_period" text,
	"hour" integer,
	"minute" integer,
	"day_of_month" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_url" text,
	"inputs" jsonb DEFAULT '{"tasks":[]}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_due_at" timestamp with time zone,
	"last_error" text,
	"trigger_token" text NOT NULL,
	"items_recorded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "schedule_identifier" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_processor_id_workflows_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_identifier_idx" ON "schedules" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "schedules_processor_idx" ON "schedules" USING btree ("processor_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "executions_schedule_due_idx" ON "executions" USING btree ("schedule_id","scheduled_for");