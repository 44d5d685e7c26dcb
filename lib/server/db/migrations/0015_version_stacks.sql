CREATE TABLE "version_stack" (
	"id" uuid PRIMARY KEY NOT NULL,
	"last_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_task" (
	"task_uuid" uuid PRIMARY KEY NOT NULL,
	"stack_id" uuid NOT NULL,
	"base_item_id" uuid NOT NULL,
	"comment_id" uuid,
	"requested_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "stack_id" uuid;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "version_task" ADD CONSTRAINT "version_task_task_uuid_task_task_uuid_fk" FOREIGN KEY ("task_uuid") REFERENCES "public"."task"("task_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_task" ADD CONSTRAINT "version_task_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_task" ADD CONSTRAINT "version_task_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "version_task_stack_idx" ON "version_task" USING btree ("stack_id");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_stack_version_key" UNIQUE("stack_id","version");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_version_check" CHECK (("item"."stack_id" is null) = ("item"."version" is null) and ("item"."version" is null or "item"."version" >= 1));--> statement-breakpoint
-- A stack is one card: the gallery's months count an item while it is live and no newer live
-- version of its stack exists.
CREATE OR REPLACE FUNCTION "item_month_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "item_month" AS m ("month", "live")
    SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::int FROM new_rows
    WHERE "deleted_at" IS NULL AND NOT "superseded" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month") DO UPDATE SET "live" = m."live" + excluded."live";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "item_month" AS m SET "live" = m."live" - d.n
    FROM (SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", count(*)::int AS n FROM old_rows
          WHERE "deleted_at" IS NULL AND NOT "superseded" GROUP BY 1 ORDER BY 1) d
    WHERE m."month" = d."month";
  ELSE
    INSERT INTO "item_month" AS m ("month", "live")
    SELECT "month", sum(delta)::int FROM (
      SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", 1 AS delta FROM new_rows WHERE "deleted_at" IS NULL AND NOT "superseded"
      UNION ALL
      SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), -1 FROM old_rows WHERE "deleted_at" IS NULL AND NOT "superseded"
    ) changes GROUP BY "month" HAVING sum(delta) <> 0 ORDER BY "month"
    ON CONFLICT ("month") DO UPDATE SET "live" = m."live" + excluded."live";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Marks which versions of a stack a newer live version supersedes, whenever one is added, moved
-- to the trash or restored. The update touches only "superseded", so it does not fire itself.
CREATE FUNCTION "item_stack_heads"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE head uuid;
BEGIN
  SELECT "id" INTO head FROM "item" WHERE "stack_id" = NEW."stack_id" AND "deleted_at" IS NULL
  ORDER BY "version" DESC LIMIT 1;
  UPDATE "item" SET "superseded" = ("id" IS DISTINCT FROM head AND "deleted_at" IS NULL)
  WHERE "stack_id" = NEW."stack_id"
    AND "superseded" IS DISTINCT FROM ("id" IS DISTINCT FROM head AND "deleted_at" IS NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "item_stack_heads" AFTER INSERT OR UPDATE OF "deleted_at", "stack_id", "version" ON "item"
FOR EACH ROW WHEN (NEW."stack_id" IS NOT NULL) EXECUTE FUNCTION "item_stack_heads"();
