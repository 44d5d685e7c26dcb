ALTER TABLE "guest_vote" DROP CONSTRAINT "guest_vote_pair_id_ballot_pk";--> statement-breakpoint
ALTER TABLE "vote" DROP CONSTRAINT "vote_pair_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "guest_vote" ADD CONSTRAINT "guest_vote_pair_id_ballot_criterion_pk" PRIMARY KEY("pair_id","ballot","criterion");--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_pair_id_user_id_criterion_pk" PRIMARY KEY("pair_id","user_id","criterion");