CREATE TABLE "item_month" (
	"month" text PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Live items per UTC month, kept current by statement triggers: each statement's changed rows are
-- grouped into one change per month, applied in month order (two statements lock the same months
-- in the same order). A rating or review change leaves month and liveness alone: no change.
CREATE FUNCTION "item_month_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "item_month" AS m ("month", "live")
    SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::int FROM new_rows
    WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("month") DO UPDATE SET "live" = m."live" + excluded."live";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "item_month" AS m SET "live" = m."live" - d.n
    FROM (SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", count(*)::int AS n FROM old_rows
          WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1) d
    WHERE m."month" = d."month";
  ELSE
    INSERT INTO "item_month" AS m ("month", "live")
    SELECT "month", sum(delta)::int FROM (
      SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", 1 AS delta FROM new_rows WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), -1 FROM old_rows WHERE "deleted_at" IS NULL
    ) changes GROUP BY "month" HAVING sum(delta) <> 0 ORDER BY "month"
    ON CONFLICT ("month") DO UPDATE SET "live" = m."live" + excluded."live";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "item_month_insert" AFTER INSERT ON "item" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_month_apply"();--> statement-breakpoint
CREATE TRIGGER "item_month_update" AFTER UPDATE ON "item" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_month_apply"();--> statement-breakpoint
CREATE TRIGGER "item_month_delete" AFTER DELETE ON "item" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_month_apply"();--> statement-breakpoint
-- The studio's items so far.
INSERT INTO "item_month" ("month", "live")
SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::int FROM "item" WHERE "deleted_at" IS NULL GROUP BY 1;
