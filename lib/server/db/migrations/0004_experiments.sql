CREATE TABLE "experiment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"task_type" text NOT NULL,
	"base" jsonb NOT NULL,
	"axes" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"parent_id" uuid,
	"concurrency" integer DEFAULT 4 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_status_check" CHECK ("experiment"."status" in ('draft', 'running', 'paused', 'cancelled', 'done')),
	CONSTRAINT "experiment_concurrency_check" CHECK ("experiment"."concurrency" between 1 and 100),
	CONSTRAINT "experiment_version_check" CHECK ("experiment"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "experiment_cell" (
	"experiment_id" uuid NOT NULL,
	"coords" integer[] NOT NULL,
	"key" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"task_uuid" uuid,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "experiment_cell_experiment_id_key_pk" PRIMARY KEY("experiment_id","key"),
	CONSTRAINT "experiment_cell_status_check" CHECK ("experiment_cell"."status" in ('pending', 'sent', 'done', 'error', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_cell" ADD CONSTRAINT "experiment_cell_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_created_idx" ON "experiment" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "experiment_parent_idx" ON "experiment" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "experiment_running_idx" ON "experiment" USING btree ("created_at") WHERE "experiment"."status" = 'running';--> statement-breakpoint
CREATE INDEX "experiment_cell_task_idx" ON "experiment_cell" USING btree ("task_uuid");--> statement-breakpoint
CREATE INDEX "experiment_cell_status_idx" ON "experiment_cell" USING btree ("experiment_id","status");