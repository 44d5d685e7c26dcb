CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"item_id" uuid,
	"comment_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"in_inbox" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	"email_state" text,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"email_next_at" timestamp (3) with time zone,
	CONSTRAINT "notification_kind_check" CHECK ("notification"."kind" in ('mention', 'assigned', 'state', 'reply', 'vote', 'experiment'))
);
--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"inbox" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_setting_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_inbox_idx" ON "notification" USING btree ("user_id","created_at","id") WHERE "notification"."in_inbox";--> statement-breakpoint
CREATE INDEX "notification_kind_idx" ON "notification" USING btree ("user_id","kind","created_at") WHERE "notification"."in_inbox";--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id") WHERE "notification"."in_inbox" and "notification"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notification_mail_idx" ON "notification" USING btree ("email_next_at") WHERE "notification"."email_state" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_item_idx" ON "notification" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "notification_comment_idx" ON "notification" USING btree ("comment_id");--> statement-breakpoint
-- Mentions made before notifications existed join the inbox as they were: read or not, with the
-- comment's author as the actor.
INSERT INTO "notification" ("user_id", "kind", "actor_id", "item_id", "comment_id", "created_at", "read_at")
SELECT "mention"."user_id", 'mention', "comment"."author_id", "mention"."item_id", "mention"."comment_id", "mention"."created_at", "mention"."read_at"
FROM "mention" INNER JOIN "comment" ON "comment"."id" = "mention"."comment_id";
