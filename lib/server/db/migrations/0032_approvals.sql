CREATE TABLE "approval_decision" (
	"reviewer_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"request_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decision_reviewer_id_round_pk" PRIMARY KEY("reviewer_id","round"),
	CONSTRAINT "approval_decision_check" CHECK ("approval_decision"."decision" in ('approve', 'approveWithChanges', 'changesRequested', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "approval_digest" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reviewers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_item" (
	"request_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "approval_item_request_id_item_id_pk" PRIMARY KEY("request_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "approval_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"board_id" uuid,
	"due_at" timestamp (3) with time zone,
	"hold_downloads" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'inReview' NOT NULL,
	"active_stage" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"requested_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "approval_request_status_check" CHECK ("approval_request"."status" in ('inReview', 'approved', 'changesRequested', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "approval_reviewer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"user_id" text,
	"guest_name" text,
	"guest_token_hash" text,
	CONSTRAINT "approval_reviewer_guest_token_hash_unique" UNIQUE("guest_token_hash"),
	CONSTRAINT "approval_reviewer_member_key" UNIQUE("stage_id","user_id"),
	CONSTRAINT "approval_reviewer_who_check" CHECK (num_nonnulls("approval_reviewer"."user_id", "approval_reviewer"."guest_token_hash") = 1)
);
--> statement-breakpoint
CREATE TABLE "approval_stage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "approval_stage_position_key" UNIQUE("request_id","position")
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_kind_check";--> statement-breakpoint
ALTER TABLE "approval_decision" ADD CONSTRAINT "approval_decision_reviewer_id_approval_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."approval_reviewer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decision" ADD CONSTRAINT "approval_decision_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_item" ADD CONSTRAINT "approval_item_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_item" ADD CONSTRAINT "approval_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_board_id_board_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."board"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD CONSTRAINT "approval_reviewer_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD CONSTRAINT "approval_reviewer_stage_id_approval_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."approval_stage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD CONSTRAINT "approval_reviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_stage" ADD CONSTRAINT "approval_stage_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_decision_request_idx" ON "approval_decision" USING btree ("request_id","round");--> statement-breakpoint
CREATE INDEX "approval_item_item_idx" ON "approval_item" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "approval_request_created_idx" ON "approval_request" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approval_request_open_idx" ON "approval_request" USING btree ("due_at") WHERE "approval_request"."status" = 'inReview';--> statement-breakpoint
CREATE INDEX "approval_reviewer_user_idx" ON "approval_reviewer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approval_reviewer_request_idx" ON "approval_reviewer" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_kind_check" CHECK ("notification"."kind" in ('mention', 'assigned', 'state', 'reply', 'vote', 'experiment', 'approval'));