ALTER TABLE "item" ADD COLUMN "seed_key" text;--> statement-breakpoint
CREATE INDEX "item_live_seed_idx" ON "item" USING btree ("seed_key",coalesce("rating_avg", 0),"created_at","id") WHERE "item"."deleted_at" is null and "item"."seed_key" is not null;--> statement-breakpoint
-- Items kept before seed stacks get the key the keeper writes (`seedKeyOf`, lib/server/db/seed-key.ts): the recipe without its seed, printed as jsonb prints it, hashed.
UPDATE "item" SET "seed_key" = encode(sha256(convert_to(("task"."params" - ARRAY['taskUUID', 'seed', 'numberResults', 'includeCost', 'webhookURL', 'uploadEndpoint', 'ttl', 'outputType', 'deliveryMethod'])::text, 'UTF8')), 'hex') FROM "task" WHERE "task"."task_uuid" = "item"."task_uuid";
