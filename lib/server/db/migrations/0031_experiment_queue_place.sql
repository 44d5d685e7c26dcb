ALTER TABLE "experiment" ADD COLUMN "queue_priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "queue_rank" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_queue_priority_check" CHECK ("experiment"."queue_priority" between -1 and 1);--> statement-breakpoint
-- An experiment already stored takes its place in the queue by when it was started, as a task does.
UPDATE "experiment" SET "queue_rank" = extract(epoch from "created_at") * 1000;
