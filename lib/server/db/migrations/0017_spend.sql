CREATE TABLE "spend_budget" (
	"scope" text PRIMARY KEY NOT NULL,
	"usd" double precision NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "spend_budget_usd_check" CHECK ("spend_budget"."usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "spend_entry" (
	"key" text PRIMARY KEY NOT NULL,
	"task_uuid" uuid NOT NULL,
	"member_id" text NOT NULL,
	"task_type" text NOT NULL,
	"model" text,
	"width" integer,
	"height" integer,
	"steps" integer,
	"seconds" double precision,
	"usd" double precision NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_entry_usd_check" CHECK ("spend_entry"."usd" >= 0)
);
--> statement-breakpoint
CREATE INDEX "spend_entry_at_idx" ON "spend_entry" USING btree ("at");--> statement-breakpoint
CREATE INDEX "spend_entry_member_at_idx" ON "spend_entry" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "spend_entry_model_at_idx" ON "spend_entry" USING btree ("model","at");