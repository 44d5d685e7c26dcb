CREATE TABLE "event" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audience" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_log_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" text NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_log_state_one_row" CHECK ("event_log_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "event_created_at_idx" ON "event" USING btree ("created_at");