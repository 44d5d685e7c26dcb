import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "./database";
import { type ItemInput, readItemOwner, recordItem } from "./item-records";
import { item } from "./schema";
import { recordTasks } from "./task-records";
import {
  backendTitle,
  createTestUser,
  openTestPglite,
  type TestDatabase,
  testBackends,
} from "./test-databases";

// Results recorded at the same moment share one statement; each is still kept once, and told so.

function itemFor(taskUUID: string, index: number, mediaUUID = randomUUID()): ItemInput {
  return {
    taskUUID,
    index,
    mediaUUID,
    kind: "image",
    mime: "image/png",
    width: 64,
    height: 64,
    seed: index,
    storageKey: `items/2025/01/${randomUUID()}.png`,
    bytes: 100,
  };
}

async function newTask(opened: OpenedDatabase, author: string): Promise<string> {
  const taskUUID = randomUUID();
  await recordTasks(opened.db, author, [
    { taskType: "imageInference", taskUUID, positivePrompt: "a weir", numberResults: 10 },
  ]);
  return taskUUID;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "items recorded together"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("keeps each of a task's results arriving together once, each told it was made", async () => {
      const taskUUID = await newTask(opened, author);
      const owner = await readItemOwner(opened.db, taskUUID);
      const inputs = Array.from({ length: 10 }, (_, i) => itemFor(taskUUID, i));
      const recorded = await Promise.all(inputs.map((input) => recordItem(opened.db, input, owner)));
      expect(recorded.every((r) => r.created)).toBe(true);
      expect(recorded.map((r) => r.item.mediaUUID)).toEqual(inputs.map((i) => i.mediaUUID));
      expect(recorded.map((r) => r.item.storageKey)).toEqual(inputs.map((i) => i.storageKey));
      const rows = await opened.db.select().from(item).where(eq(item.taskUUID, taskUUID));
      expect(rows).toHaveLength(10);
    });

    it("keeps a result delivered twice in one batch once: the second delivery is told of the first", async () => {
      const taskUUID = await newTask(opened, author);
      const owner = await readItemOwner(opened.db, taskUUID);
      const first = itemFor(taskUUID, 0);
      const again = { ...first, storageKey: `items/2025/01/${randomUUID()}.png` };
      const [a, b, other] = await Promise.all([
        recordItem(opened.db, first, owner),
        recordItem(opened.db, again, owner),
        recordItem(opened.db, itemFor(taskUUID, 1), owner),
      ]);
      expect([a?.created, b?.created, other?.created]).toEqual([true, false, true]);
      expect(b?.item.id).toBe(a?.item.id);
      expect(b?.item.storageKey).toBe(first.storageKey);
      const rows = await opened.db.select().from(item).where(eq(item.taskUUID, taskUUID));
      expect(rows).toHaveLength(2);
    });

    it("loses nothing when one row of a batch is refused: the others are kept, that one fails alone", async () => {
      const taskUUID = await newTask(opened, author);
      const owner = await readItemOwner(opened.db, taskUUID);
      // A task never recorded: the database refuses its item (no such task).
      const orphan = itemFor(randomUUID(), 0);
      const results = await Promise.allSettled([
        recordItem(opened.db, itemFor(taskUUID, 0), owner),
        recordItem(opened.db, orphan, owner),
        recordItem(opened.db, itemFor(taskUUID, 1), owner),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      const rows = await opened.db.select().from(item).where(eq(item.taskUUID, taskUUID));
      expect(rows).toHaveLength(2);
    });
  });
}

describe("items recorded together, on the embedded database", () => {
  let database: OpenedDatabase;
  let queries = 0;
  let author: string;

  beforeAll(async () => {
    database = await openTestPglite({ onQuery: () => void queries++ });
    author = await createTestUser(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("writes the results of one moment in one statement", async () => {
    const taskUUID = await newTask(database, author);
    const owner = await readItemOwner(database.db, taskUUID);
    const before = queries;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => recordItem(database.db, itemFor(taskUUID, i), owner)),
    );
    expect(queries - before).toBe(1);
  });
});
