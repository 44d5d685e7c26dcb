CREATE TABLE "eval_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"set_version" integer NOT NULL,
	"experiment_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eval_set" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"cases" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eval_set_version_check" CHECK ("eval_set"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "eval_run" ADD CONSTRAINT "eval_run_set_id_eval_set_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."eval_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eval_run" ADD CONSTRAINT "eval_run_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eval_run" ADD CONSTRAINT "eval_run_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eval_set" ADD CONSTRAINT "eval_set_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eval_run_set_created_idx" ON "eval_run" USING btree ("set_id","created_at","id");--> statement-breakpoint
CREATE INDEX "eval_run_experiment_idx" ON "eval_run" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "eval_set_updated_idx" ON "eval_set" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "task_prompt_search_idx" ON "task" USING gin (to_tsvector('english', coalesce("params" ->> 'positivePrompt', '')));