ALTER TABLE "comment" ADD COLUMN "pin_end_seconds" double precision;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "marks" jsonb;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_range_check" CHECK ("comment"."pin_end_seconds" is null or ("comment"."pin_seconds" is not null and "comment"."pin_end_seconds" > "comment"."pin_seconds"));--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_marks_check" CHECK ("comment"."marks" is null or (jsonb_typeof("comment"."marks") = 'array' and "comment"."parent_id" is null));