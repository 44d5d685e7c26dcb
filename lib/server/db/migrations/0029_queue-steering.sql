CREATE TABLE "queue_pause" (
	"scope" text PRIMARY KEY NOT NULL,
	"paused_by" text NOT NULL,
	"paused_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "rank" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_pause" ADD CONSTRAINT "queue_pause_paused_by_user_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_waiting_idx" ON "task" USING btree ("author_id","priority","rank") WHERE "task"."status" = 'queued' and "task"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_priority_check" CHECK ("task"."priority" between -1 and 1);