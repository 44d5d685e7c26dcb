CREATE TABLE "guest_voter" (
	"round_id" uuid NOT NULL,
	"ballot" text NOT NULL,
	"share_link_id" uuid,
	"address_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"discarded_at" timestamp (3) with time zone,
	"discarded_by" text,
	CONSTRAINT "guest_voter_round_id_ballot_pk" PRIMARY KEY("round_id","ballot")
);
--> statement-breakpoint
CREATE TABLE "rate_limiter" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "guest_voter" ADD CONSTRAINT "guest_voter_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_voter" ADD CONSTRAINT "guest_voter_share_link_id_share_link_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_voter" ADD CONSTRAINT "guest_voter_discarded_by_user_id_fk" FOREIGN KEY ("discarded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limiter_expire_idx" ON "rate_limiter" USING btree ("expire");--> statement-breakpoint
-- Guests who voted before voters were recorded: their address was never kept ('' is unknown).
INSERT INTO "guest_voter" ("round_id", "ballot", "share_link_id", "address_hash", "created_at")
SELECT "round_id", "ballot", (array_agg("share_link_id" ORDER BY "created_at"))[1], '', min("created_at")
FROM "guest_vote"
GROUP BY "round_id", "ballot"
ON CONFLICT DO NOTHING;
