CREATE TABLE "guest_vote" (
	"pair_id" uuid NOT NULL,
	"ballot" text NOT NULL,
	"round_id" uuid NOT NULL,
	"share_link_id" uuid,
	"pick" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_vote_pair_id_ballot_pk" PRIMARY KEY("pair_id","ballot"),
	CONSTRAINT "guest_vote_pick_check" CHECK ("guest_vote"."pick" in ('a', 'b', 'tie'))
);
--> statement-breakpoint
CREATE TABLE "guest_vote_link" (
	"share_link_id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_vote" ADD CONSTRAINT "guest_vote_pair_id_vote_pair_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."vote_pair"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_vote" ADD CONSTRAINT "guest_vote_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_vote" ADD CONSTRAINT "guest_vote_share_link_id_share_link_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_vote_link" ADD CONSTRAINT "guest_vote_link_share_link_id_share_link_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_vote_link" ADD CONSTRAINT "guest_vote_link_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_vote_round_ballot_idx" ON "guest_vote" USING btree ("round_id","ballot");