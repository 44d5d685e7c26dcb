import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage, type MediaStorage } from "@/lib/server/storage";
import { keeperTestKit } from "./keeper-test-kit";

/**
 * A result that arrives but cannot be kept (the disk refuses it): the task still ends, counting
 * that result as lost, and its member's slot is given back. Before, the result was marked as seen
 * and the task waited for ever on it, holding one of its member's slots until a restart.
 */

let database: OpenedDatabase;
let kit: Awaited<ReturnType<typeof keeperTestKit>>;
let authorId = "";

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-unkept");
  kit = await keeperTestKit("keeper-unkept-media", { width: 16, height: 16 });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await kit.close();
});

/** Local storage whose next `failures` writes fail, as a full disk's do. */
function failingStorage(failures: number): MediaStorage {
  const local = new LocalMediaStorage(path.join(kit.dir, crypto.randomUUID()));
  let left = failures;
  return {
    kind: local.kind,
    put: (key, bytes, options) => {
      if (left > 0) {
        left -= 1;
        return Promise.reject(new Error("ENOSPC: no space left on device"));
      }
      return local.put(key, bytes, options);
    },
    get: (key, range) => local.get(key, range),
    stat: (key) => local.stat(key),
    delete: (key) => local.delete(key),
  };
}

const imageItem = (taskUUID: string, index: number) => kit.imageItem(taskUUID, index, 11);

async function tracked(storage: MediaStorage, results: number) {
  const keeper = kit.keeper(database, storage);
  const finished: string[] = [];
  keeper.onFinished((_author, taskUUID) => finished.push(taskUUID));
  await keeper.start();
  const taskUUID = crypto.randomUUID();
  await recordTasks(database.db, authorId, [
    {
      taskType: "imageInference",
      taskUUID,
      positivePrompt: "a kiln at night",
      model: "runware:100@1",
      numberResults: results,
    },
  ]);
  keeper.track(
    { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: results },
    60_000,
  );
  return { keeper, finished, taskUUID };
}

describe("a result the studio cannot keep", () => {
  it("ends its task as failed, naming the result, and frees its member's slot", async () => {
    const { keeper, finished, taskUUID } = await tracked(failingStorage(1), 1);
    const lost = imageItem(taskUUID, 0);
    await keeper.ingest(lost);
    const task = await getTask(database.db, taskUUID);
    expect(task?.status).toBe("error");
    expect(JSON.stringify(task?.error)).toContain(`${lost.id} arrived but could not be kept`);
    expect(finished).toEqual([taskUUID]);
    expect(keeper.inFlight).toBe(0);
    await keeper.close();
  });

  it("keeps the others of its task, which ends with what was kept", async () => {
    const { keeper, finished, taskUUID } = await tracked(failingStorage(1), 2);
    await keeper.ingest(imageItem(taskUUID, 0));
    expect(finished).toEqual([]);
    await keeper.ingest(imageItem(taskUUID, 1));
    const task = await getTask(database.db, taskUUID);
    expect(task?.status).toBe("success");
    expect(task?.items).toHaveLength(1);
    expect(finished).toEqual([taskUUID]);
    await keeper.close();
  });

  it("is kept when it is delivered again before its task ends", async () => {
    const { keeper, finished, taskUUID } = await tracked(failingStorage(1), 2);
    const first = imageItem(taskUUID, 0);
    await keeper.ingest(first);
    await keeper.ingest(first);
    expect(finished).toEqual([]);
    await keeper.ingest(imageItem(taskUUID, 1));
    const task = await getTask(database.db, taskUUID);
    expect([task?.status, task?.items.length, task?.error ?? null]).toEqual(["success", 2, null]);
    await keeper.close();
  });
});
