ALTER TABLE "approval_reviewer" DROP CONSTRAINT "approval_reviewer_member_key";--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD COLUMN "link_revoked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "approval_reviewer" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_reviewer_member_key" ON "approval_reviewer" USING btree ("stage_id","user_id") WHERE "approval_reviewer"."removed_at" is null;