CREATE TABLE "task_lease" (
	"task_uuid" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_lease" ADD CONSTRAINT "task_lease_task_uuid_task_task_uuid_fk" FOREIGN KEY ("task_uuid") REFERENCES "public"."task"("task_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_lease_holder_idx" ON "task_lease" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "task_lease_expires_idx" ON "task_lease" USING btree ("expires_at");