DROP INDEX "task_author_created_idx";--> statement-breakpoint
DROP INDEX "task_created_idx";--> statement-breakpoint
CREATE INDEX "task_author_created_idx" ON "task" USING btree ("author_id","created_at","task_uuid");--> statement-breakpoint
CREATE INDEX "task_created_idx" ON "task" USING btree ("created_at","task_uuid");