CREATE TABLE "vote" (
	"pair_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"round_id" uuid NOT NULL,
	"pick" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_pair_id_user_id_pk" PRIMARY KEY("pair_id","user_id"),
	CONSTRAINT "vote_pick_check" CHECK ("vote"."pick" in ('a', 'b', 'tie'))
);
--> statement-breakpoint
CREATE TABLE "vote_pair" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variant_a" integer NOT NULL,
	"variant_b" integer NOT NULL,
	"item_a" uuid NOT NULL,
	"item_b" uuid NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	CONSTRAINT "vote_pair_variants_check" CHECK ("vote_pair"."variant_a" <> "vote_pair"."variant_b")
);
--> statement-breakpoint
CREATE TABLE "vote_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"axis" integer NOT NULL,
	"variants" integer[] NOT NULL,
	"labels" text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seed" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"closed_by" text,
	CONSTRAINT "vote_round_status_check" CHECK ("vote_round"."status" in ('open', 'closed')),
	CONSTRAINT "vote_round_variants_check" CHECK (cardinality("vote_round"."variants") >= 2),
	CONSTRAINT "vote_round_name_check" CHECK (length("vote_round"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "share_link" DROP CONSTRAINT "share_link_target_check";--> statement-breakpoint
ALTER TABLE "share_link" ADD COLUMN "round_id" uuid;--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_pair_id_vote_pair_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."vote_pair"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_pair" ADD CONSTRAINT "vote_pair_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_pair" ADD CONSTRAINT "vote_pair_item_a_item_id_fk" FOREIGN KEY ("item_a") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_pair" ADD CONSTRAINT "vote_pair_item_b_item_id_fk" FOREIGN KEY ("item_b") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_round_user_idx" ON "vote" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "vote_pair_round_idx" ON "vote_pair" USING btree ("round_id","position");--> statement-breakpoint
CREATE INDEX "vote_round_experiment_idx" ON "vote_round" USING btree ("experiment_id","created_at");--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_target_check" CHECK (num_nonnulls("share_link"."item_id", "share_link"."board_id", "share_link"."round_id") = 1);