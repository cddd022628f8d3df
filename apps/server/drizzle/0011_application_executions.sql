CREATE TABLE "execution_packages" (
	"execution_id" integer PRIMARY KEY NOT NULL,
	"cwl" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"user_id" integer NOT NULL,
	"terms_id" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_acceptances_user_id_terms_id_pk" PRIMARY KEY("user_id","terms_id")
);
--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "processor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "kind" text DEFAULT 'workflow' NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "application" jsonb;--> statement-breakpoint
ALTER TABLE "execution_packages" ADD CONSTRAINT "execution_packages_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "executions_kind_created_idx" ON "executions" USING btree ("kind","created_at");