CREATE TABLE "create_draft" (
	"user_id" text NOT NULL,
	"workflow" text NOT NULL,
	"values" jsonb NOT NULL,
	"saved_at" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "create_draft_user_id_workflow_pk" PRIMARY KEY("user_id","workflow")
);
--> statement-breakpoint
CREATE TABLE "create_setup" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "done_alert_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"sound" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "create_draft" ADD CONSTRAINT "create_draft_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "create_setup" ADD CONSTRAINT "create_setup_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "done_alert_setting" ADD CONSTRAINT "done_alert_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;