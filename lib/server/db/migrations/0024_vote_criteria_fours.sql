CREATE TABLE "vote_four" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variants" integer[] NOT NULL,
	"items" uuid[] NOT NULL,
	"pair_ids" uuid[] NOT NULL,
	CONSTRAINT "vote_four_size_check" CHECK (cardinality("vote_four"."variants") = 4 and cardinality("vote_four"."items") = 4)
);
--> statement-breakpoint
CREATE TABLE "vote_rank" (
	"four_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"round_id" uuid NOT NULL,
	"criterion" integer DEFAULT 0 NOT NULL,
	"ranking" integer[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_rank_four_id_voter_criterion_pk" PRIMARY KEY("four_id","voter","criterion")
);
--> statement-breakpoint
ALTER TABLE "guest_vote" DROP CONSTRAINT "guest_vote_pick_check";--> statement-breakpoint
ALTER TABLE "vote" DROP CONSTRAINT "vote_pick_check";--> statement-breakpoint
ALTER TABLE "guest_vote" ADD COLUMN "criterion" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vote" ADD COLUMN "criterion" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_round" ADD COLUMN "criteria" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_round" ADD COLUMN "format" text DEFAULT 'pairs' NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_four" ADD CONSTRAINT "vote_four_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_rank" ADD CONSTRAINT "vote_rank_four_id_vote_four_id_fk" FOREIGN KEY ("four_id") REFERENCES "public"."vote_four"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_rank" ADD CONSTRAINT "vote_rank_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_four_round_idx" ON "vote_four" USING btree ("round_id","position");--> statement-breakpoint
CREATE INDEX "vote_rank_round_voter_idx" ON "vote_rank" USING btree ("round_id","voter");--> statement-breakpoint
ALTER TABLE "guest_vote" ADD CONSTRAINT "guest_vote_pick_check" CHECK ("guest_vote"."pick" in ('a', 'b', 'tie', 'bad'));--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_pick_check" CHECK ("vote"."pick" in ('a', 'b', 'tie', 'bad'));--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_criteria_check" CHECK (cardinality("vote_round"."criteria") <= 3);--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_format_check" CHECK ("vote_round"."format" in ('pairs', 'fours'));