import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { spendEntry } from "@/lib/server/db/schema";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import type { ImageItem } from "@/lib/upstream";
import type { ResultKeeper } from "./keeper";
import { keeperTestKit } from "./keeper-test-kit";

let database: OpenedDatabase;
let kit: Awaited<ReturnType<typeof keeperTestKit>>;
let origin = "";
let authorId = "";

function imageItem(taskUUID: string, cost?: number): ImageItem {
  const id = crypto.randomUUID();
  return {
    kind: "image",
    taskType: "imageInference",
    taskUUID,
    id,
    result: {
      taskType: "imageInference",
      taskUUID,
      imageUUID: id,
      imageURL: `${origin}/media/${id}.png`,
      seed: 42,
      ...(cost === undefined ? {} : { cost }),
    },
  };
}

const params = { taskType: "imageInference", model: "runware:100@1", width: 512, height: 768, steps: 28 };

async function tracked(keeper: ResultKeeper, itemCount: number): Promise<string> {
  const taskUUID = crypto.randomUUID();
  await recordTasks(database.db, authorId, [
    { ...params, taskUUID, positivePrompt: "a fox", numberResults: itemCount },
  ]);
  keeper.track(
    { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params, itemCount },
    60_000,
  );
  return taskUUID;
}

const entriesOf = (taskUUID: string) =>
  database.db
    .select()
    .from(spendEntry)
    .then((rows) => rows.filter((r) => r.taskUUID === taskUUID));

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "spender");
  kit = await keeperTestKit("keeper-spend");
  origin = kit.origin;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await kit.close();
});

describe("ResultKeeper: what results cost", () => {
  it("records each result's reported cost once, with the member, model, size and steps it is summed by", async () => {
    const keeper = kit.keeper(database);
    await keeper.start();
    const taskUUID = await tracked(keeper, 2);
    const first = imageItem(taskUUID, 0.0042);
    await keeper.ingest(first, 0);
    await keeper.ingest(first, 0); // the same result heard again (webhook after socket)
    await keeper.ingest(imageItem(taskUUID, 0.0038), 1);
    const rows = await entriesOf(taskUUID);
    expect(rows.map((r) => r.usd).sort()).toEqual([0.0038, 0.0042]);
    expect(rows[0]).toMatchObject({
      memberId: authorId,
      taskType: "imageInference",
      model: "runware:100@1",
      width: 512,
      height: 768,
      steps: 28,
    });
    const task = await getTask(database.db, taskUUID);
    expect(task?.items.map((i) => i.cost).sort()).toEqual([0.0038, 0.0042]);
    await keeper.close();
  });

  it("records nothing for a result delivered without a cost", async () => {
    const keeper = kit.keeper(database);
    await keeper.start();
    const taskUUID = await tracked(keeper, 1);
    await keeper.ingest(imageItem(taskUUID), 0);
    expect(await entriesOf(taskUUID)).toEqual([]);
    expect((await getTask(database.db, taskUUID))?.items).toHaveLength(1);
    await keeper.close();
  });
});
