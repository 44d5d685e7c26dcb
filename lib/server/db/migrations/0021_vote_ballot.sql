CREATE TABLE "vote_ballot" (
	"round_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_ballot_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "vote_ballot" ADD CONSTRAINT "vote_ballot_round_id_vote_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."vote_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballot" ADD CONSTRAINT "vote_ballot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_ballot_user_idx" ON "vote_ballot" USING btree ("user_id");