CREATE TABLE "canvas_recipe" (
	"task_uuid" uuid PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canvas_recipe" ADD CONSTRAINT "canvas_recipe_task_uuid_task_task_uuid_fk" FOREIGN KEY ("task_uuid") REFERENCES "public"."task"("task_uuid") ON DELETE cascade ON UPDATE no action;