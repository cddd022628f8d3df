CREATE TABLE "data_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_buckets" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"process_id" integer NOT NULL,
	"value" text NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"version_id" integer,
	"build_status" text DEFAULT 'not_started' NOT NULL,
	"build_kind" text,
	"build_log" text DEFAULT '' NOT NULL,
	"build_started_at" timestamp with time zone,
	"build_ended_at" timestamp with time zone,
	"resources" jsonb
);
--> statement-breakpoint
CREATE TABLE "process_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"process_identifier" text NOT NULL,
	"process_version" text NOT NULL,
	"version_id" integer,
	"allocated_cpus" integer DEFAULT 1 NOT NULL,
	"allocated_mem" integer DEFAULT 1024 NOT NULL,
	"allocated_disk" integer DEFAULT 1024 NOT NULL,
	"allocated_gpus" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"process_id" integer NOT NULL,
	"bucket_id" integer,
	"value" text NOT NULL,
	"released" boolean DEFAULT true NOT NULL,
	"signature" jsonb NOT NULL,
	"dependencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manifest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dockerfile" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'wps' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_dependencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"slug" text,
	"owner_id" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"install" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_buckets" ADD CONSTRAINT "process_buckets_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_images" ADD CONSTRAINT "process_images_version_id_process_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."process_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_types_identifier_idx" ON "data_types" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "process_buckets_identifier_idx" ON "process_buckets" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "process_buckets_process_idx" ON "process_buckets" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_images_identifier_idx" ON "process_images" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "process_versions_identifier_idx" ON "process_versions" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "process_versions_process_idx" ON "process_versions" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processes_identifier_idx" ON "processes" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "software_dependencies_identifier_idx" ON "software_dependencies" USING btree ("identifier");