import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { keeperTestKit } from "./keeper-test-kit";
import { taskView } from "./task-view";

// What keeping a task's results costs its database, and what a reload reads of it meanwhile.

let database: OpenedDatabase;
let queries = 0;
let kit: Awaited<ReturnType<typeof keeperTestKit>>;
let authorId = "";

const imageItem = (taskUUID: string, index: number) => kit.imageItem(taskUUID, index);

beforeAll(async () => {
  database = await openTestPglite({ onQuery: () => void queries++ });
  authorId = await createTestUser(database, "records-1");
  kit = await keeperTestKit("keeper-records", { width: 64, height: 48 });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await kit.close();
});

describe("ResultKeeper's records", () => {
  it("reads a task once and writes at most one statement per result after its first, and a reload reads the progress its results made", async () => {
    const keeper = kit.keeper(database);
    await keeper.start();
    const taskUUID = crypto.randomUUID();
    await recordTasks(database.db, authorId, [
      {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: "a kiln",
        model: "runware:100@1",
        numberResults: 10,
      },
    ]);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 10 },
      60_000,
    );
    const before = queries;
    for (let i = 0; i < 4; i++) await keeper.ingest(imageItem(taskUUID, i));
    // The first result: the task read, the item written, its seed stack counted, the record made
    // processing; then the item alone for each.
    expect(queries - before).toBe(4 + 3);
    const midway = await getTask(database.db, taskUUID);
    expect(midway?.status).toBe("processing");
    const view = await taskView(database.db, midway as NonNullable<typeof midway>, { viewerId: authorId });
    expect([view.status, view.progress, view.itemsDone]).toEqual(["processing", 40, 4]);

    // Results arriving together write their items alone or in one statement together (when one
    // comes while another's is written); the last one's write ends the task.
    const second = queries;
    const rest = Array.from({ length: 6 }, (_, i) => keeper.ingest(imageItem(taskUUID, 4 + i)));
    await Promise.all(rest);
    expect(queries - second).toBeLessThanOrEqual(6 + 1);
    const ended = await getTask(database.db, taskUUID);
    expect([ended?.status, ended?.progress, ended?.items.length]).toEqual(["success", 100, 10]);
    await keeper.close();
  });
});
