CREATE TABLE "approval_retired_link" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"retired_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_retired_link" ADD CONSTRAINT "approval_retired_link_reviewer_id_approval_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."approval_reviewer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_retired_link_reviewer_idx" ON "approval_retired_link" USING btree ("reviewer_id");