CREATE TABLE "ogc_job_outputs" (
	"execution_id" integer PRIMARY KEY NOT NULL,
	"outputs" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ogc_job_outputs" ADD CONSTRAINT "ogc_job_outputs_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "execution_tasks_owner_created_idx" ON "execution_tasks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "execution_tasks_created_idx" ON "execution_tasks" USING btree ("created_at");