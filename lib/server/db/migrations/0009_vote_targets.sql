ALTER TABLE "vote_round" ALTER COLUMN "experiment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_round" ADD COLUMN "eval_set_id" uuid;--> statement-breakpoint
ALTER TABLE "vote_round" ADD COLUMN "run_ids" uuid[];--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_eval_set_id_eval_set_id_fk" FOREIGN KEY ("eval_set_id") REFERENCES "public"."eval_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_round_eval_set_idx" ON "vote_round" USING btree ("eval_set_id","created_at");--> statement-breakpoint
ALTER TABLE "vote_round" ADD CONSTRAINT "vote_round_anchor_check" CHECK (("vote_round"."experiment_id" is null or "vote_round"."eval_set_id" is null) and ("vote_round"."eval_set_id" is null) = ("vote_round"."run_ids" is null));