import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "./item-records";
import { item, reviewEvent } from "./schema";
import { recordTasks } from "./task-records";
import { backendTitle, createTestUser, queryRows, type TestDatabase, testBackends } from "./test-databases";

/** The database's own refusal, which drizzle wraps as the `cause` of its "Failed query" error. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => new Error("not refused"),
    (e: unknown) => e,
  );
  const cause = (err as { cause?: { message?: string } }).cause;
  return cause?.message ?? (err as Error).message;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the gallery's schema"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function recordOne(params: Record<string, unknown>) {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, author, [{ taskType: "imageInference", taskUUID, ...params }]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "image",
        mime: "image/png",
        width: 512,
        height: 512,
        seed: 1,
        storageKey: `items/test/${mediaUUID}.png`,
        bytes: 10,
      });
      return row;
    }

    it("copies the task's filterable facts onto each item, and indexes its prompt for search", async () => {
      const row = await recordOne({
        positivePrompt: "Two red foxes jumping in the snow",
        model: "runware:101@1",
        seedImage: "00000000-0000-4000-8000-000000000001",
        lora: [{ model: "civitai:1@2", weight: 0.8 }, { model: "civitai:1@2" }, { weight: 1 }],
      });
      expect(row).toMatchObject({
        taskType: "imageInference",
        workflow: "image-to-image",
        model: "runware:101@1",
        loras: ["civitai:1@2"],
        prompt: "Two red foxes jumping in the snow",
        reviewState: "draft",
        ratingCount: 0,
        ratingAvg: null,
        deletedAt: null,
      });
      expect(row).not.toHaveProperty("search");
      const found = await opened.db
        .select({ id: item.id })
        .from(item)
        .where(sql`${item.search} @@ websearch_to_tsquery('english', 'fox jump')`);
      expect(found.map((f) => f.id)).toContain(row.id);
      const missed = await opened.db
        .select({ id: item.id })
        .from(item)
        .where(sql`${item.search} @@ websearch_to_tsquery('english', 'fox -snow')`);
      expect(missed.map((f) => f.id)).not.toContain(row.id);
    });

    it("keeps the audit trail append-only: no update, delete or truncate gets through", async () => {
      const row = await recordOne({ positivePrompt: "audited" });
      const [entry] = await opened.db
        .insert(reviewEvent)
        .values({
          itemId: row.id,
          actorId: author,
          actorName: "Ada",
          kind: "state",
          fromValue: "draft",
          toValue: "approved",
        })
        .returning();
      expect(entry?.id).toBeGreaterThan(0);
      expect(
        await refusal(
          opened.db.update(reviewEvent).set({ toValue: "rejected" }).where(eq(reviewEvent.itemId, row.id)),
        ),
      ).toMatch(/append-only/);
      expect(await refusal(opened.db.delete(reviewEvent).where(eq(reviewEvent.itemId, row.id)))).toMatch(
        /append-only/,
      );
      expect(await refusal(queryRows(opened, sql`truncate review_event`))).toMatch(/append-only/);
      // The item deleted for good keeps its history.
      await opened.db.delete(item).where(eq(item.id, row.id));
      const kept = await opened.db.select().from(reviewEvent).where(eq(reviewEvent.itemId, row.id));
      expect(kept).toHaveLength(1);
    });
  });
}
