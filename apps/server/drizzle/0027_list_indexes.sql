CREATE INDEX "resource_workspaces_type_ws_idx" ON "resource_workspaces" USING btree ("resource_type","workspace_id","resource_id");--> statement-breakpoint
CREATE INDEX "processes_owner_created_idx" ON "processes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_owner_created_idx" ON "workflows" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_owner_created_idx" ON "schedules" USING btree ("owner_id","created_at");