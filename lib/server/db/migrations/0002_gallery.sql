CREATE TABLE "board" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_item_id" uuid,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_item" (
	"board_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"added_by" text,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_item_board_id_item_id_pk" PRIMARY KEY("board_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" text,
	"guest_name" text,
	"share_link_id" uuid,
	"body" text NOT NULL,
	"pin_x" double precision,
	"pin_y" double precision,
	"pin_seconds" double precision,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	CONSTRAINT "comment_author_check" CHECK ("comment"."author_id" is not null or "comment"."guest_name" is not null),
	CONSTRAINT "comment_body_check" CHECK (length("comment"."body") between 1 and 4000),
	CONSTRAINT "comment_pin_check" CHECK (("comment"."pin_x" is null) = ("comment"."pin_y" is null) and ("comment"."pin_x" is null or ("comment"."pin_x" between 0 and 1 and "comment"."pin_y" between 0 and 1)) and ("comment"."pin_seconds" is null or "comment"."pin_seconds" >= 0))
);
--> statement-breakpoint
CREATE TABLE "item_rating" (
	"item_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_rating_item_id_user_id_pk" PRIMARY KEY("item_id","user_id"),
	CONSTRAINT "item_rating_value_check" CHECK ("item_rating"."value" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "item_source" (
	"item_id" uuid NOT NULL,
	"source_item_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "item_source_item_id_source_item_id_role_pk" PRIMARY KEY("item_id","source_item_id","role")
);
--> statement-breakpoint
CREATE TABLE "item_star" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_star_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "item_tag" (
	"item_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"added_by" text,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_tag_item_id_tag_pk" PRIMARY KEY("item_id","tag"),
	CONSTRAINT "item_tag_tag_check" CHECK (length("item_tag"."tag") between 1 and 64 and "item_tag"."tag" = lower("item_tag"."tag"))
);
--> statement-breakpoint
CREATE TABLE "mention" (
	"comment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "mention_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"from_value" jsonb,
	"to_value" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"item_id" uuid,
	"board_id" uuid,
	"allow_comments" boolean DEFAULT false NOT NULL,
	"show_params" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "share_link_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "share_link_target_check" CHECK (("share_link"."item_id" is null) <> ("share_link"."board_id" is null))
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "task_type" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "workflow" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "loras" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "prompt" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(prompt, ''))) STORED;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "review_state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "rating_avg" double precision;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "board" ADD CONSTRAINT "board_cover_item_id_item_id_fk" FOREIGN KEY ("cover_item_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board" ADD CONSTRAINT "board_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_board_id_board_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."board"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_rating" ADD CONSTRAINT "item_rating_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_rating" ADD CONSTRAINT "item_rating_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_source" ADD CONSTRAINT "item_source_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_source" ADD CONSTRAINT "item_source_source_item_id_item_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_star" ADD CONSTRAINT "item_star_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_star" ADD CONSTRAINT "item_star_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tag" ADD CONSTRAINT "item_tag_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tag" ADD CONSTRAINT "item_tag_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention" ADD CONSTRAINT "mention_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention" ADD CONSTRAINT "mention_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention" ADD CONSTRAINT "mention_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_board_id_board_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."board"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_created_idx" ON "board" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "board_item_item_idx" ON "board_item" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "comment_item_idx" ON "comment" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "comment_parent_idx" ON "comment" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "item_source_source_idx" ON "item_source" USING btree ("source_item_id");--> statement-breakpoint
CREATE INDEX "item_star_item_idx" ON "item_star" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_tag_tag_idx" ON "item_tag" USING btree ("tag","item_id");--> statement-breakpoint
CREATE INDEX "mention_user_created_idx" ON "mention" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mention_unread_idx" ON "mention" USING btree ("user_id") WHERE "mention"."read_at" is null;--> statement-breakpoint
CREATE INDEX "review_event_item_idx" ON "review_event" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "saved_search_owner_idx" ON "saved_search" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "saved_search_shared_idx" ON "saved_search" USING btree ("shared");--> statement-breakpoint
CREATE INDEX "share_link_created_idx" ON "share_link" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_live_created_idx" ON "item" USING btree ("created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_live_state_idx" ON "item" USING btree ("review_state","created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_live_workflow_idx" ON "item" USING btree ("workflow","created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_live_model_idx" ON "item" USING btree ("model","created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_live_kind_idx" ON "item" USING btree ("kind","created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_live_assignee_idx" ON "item" USING btree ("assignee_id","created_at","id") WHERE "item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "item_search_idx" ON "item" USING gin ("search");--> statement-breakpoint
CREATE INDEX "item_loras_idx" ON "item" USING gin ("loras");--> statement-breakpoint
CREATE INDEX "item_trash_idx" ON "item" USING btree ("deleted_at") WHERE "item"."deleted_at" is not null;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_review_state_check" CHECK ("item"."review_state" in ('draft', 'in_review', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_rating_check" CHECK ("item"."rating_count" >= 0 and ("item"."rating_avg" is null or "item"."rating_avg" between 1 and 5));--> statement-breakpoint
-- The audit trail is append-only: no statement may change or remove an entry.
CREATE FUNCTION "review_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'review_event is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "review_event_append_only" BEFORE UPDATE OR DELETE ON "review_event" FOR EACH ROW EXECUTE FUNCTION "review_event_append_only"();--> statement-breakpoint
CREATE TRIGGER "review_event_no_truncate" BEFORE TRUNCATE ON "review_event" FOR EACH STATEMENT EXECUTE FUNCTION "review_event_append_only"();--> statement-breakpoint
-- Items recorded before the gallery knew their task's facts get them from their task
-- (the same rules as `itemFacts` in lib/server/db/item-facts.ts).
UPDATE "item" SET
  "task_type" = t."task_type",
  "model" = nullif(t."params"->>'model', ''),
  "prompt" = nullif(t."params"->>'positivePrompt', ''),
  "loras" = coalesce((
    SELECT array_agg(DISTINCT l->>'model') FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(t."params"->'lora') = 'array' THEN t."params"->'lora' ELSE '[]'::jsonb END
    ) AS l WHERE jsonb_typeof(l->'model') = 'string'
  ), '{}'::text[]),
  "workflow" = CASE
    WHEN t."params"->>'taskType' = 'videoInference' THEN 'video'
    WHEN jsonb_typeof(t."params"->'controlNet') = 'array' AND jsonb_array_length(t."params"->'controlNet') > 0 THEN 'controlnet'
    WHEN coalesce(t."params"->'outpaint', 'null'::jsonb) NOT IN ('null'::jsonb, 'false'::jsonb, '0'::jsonb, '""'::jsonb) THEN 'outpainting'
    WHEN coalesce(t."params"->'maskImage', 'null'::jsonb) NOT IN ('null'::jsonb, 'false'::jsonb, '0'::jsonb, '""'::jsonb) THEN 'inpainting'
    WHEN coalesce(t."params"->'seedImage', 'null'::jsonb) NOT IN ('null'::jsonb, 'false'::jsonb, '0'::jsonb, '""'::jsonb) THEN 'image-to-image'
    ELSE 'text-to-image'
  END
FROM "task" AS t WHERE t."task_uuid" = "item"."task_uuid" AND "item"."workflow" IS NULL;
