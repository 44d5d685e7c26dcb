import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { task } from "@/lib/server/db/schema";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { estimateTaskTime } from "./pace";

const MODEL = "runware:100@1";
const params = (extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  positivePrompt: "a lighthouse",
  model: MODEL,
  width: 512,
  height: 512,
  ...extra,
});

describe.each(testBackends.filter((b) => !b.skip))("the time estimate's measurements ($name)", (backend) => {
  let database: TestDatabase;
  let author: string;

  beforeAll(async () => {
    database = await backend.open();
    author = await createTestUser(database, "ann");
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(task);
  });

  const record = (
    p: Record<string, unknown>,
    status: "success" | "queued" | "processing",
    at: number,
    seconds = 4,
  ) =>
    database.db.insert(task).values({
      taskUUID: randomUUID(),
      taskType: "imageInference",
      authorId: author,
      params: p,
      status,
      itemCount: Number(p.numberResults ?? 1),
      createdAt: new Date(at),
      completedAt: status === "success" ? new Date(at + seconds * 1000) : null,
    });

  it("has no measurement without a finished task of the type", async () => {
    expect(await estimateTaskTime(database.db, [params()])).toEqual({ range: null, tasksAhead: 0 });
  });

  it("measures finished tasks, reading an omitted steps as 20 like steps 20, and counts the work ahead", async () => {
    const now = Date.now();
    for (let i = 0; i < 4; i++) await record(params(), "success", now - 600_000 + i * 60_000, 4);
    const bare = await estimateTaskTime(database.db, [params()], { now: new Date(now) });
    const twenty = await estimateTaskTime(database.db, [params({ steps: 20 })], { now: new Date(now) });
    expect(bare.range).not.toBeNull();
    expect(twenty).toEqual(bare);
    // Each of the four took 4 s alone: one more alike is about that.
    expect(bare.range?.lowSeconds).toBeLessThanOrEqual(4);
    expect(bare.range?.highSeconds).toBeGreaterThanOrEqual(4);
    expect(bare.range?.sameModel).toBe(true);

    await record(params(), "queued", now - 1000);
    await record(params({ numberResults: 4 }), "processing", now - 2000);
    // Lost long ago: not ahead of anything.
    await record(params(), "processing", now - 3 * 3600_000);
    const behind = await estimateTaskTime(database.db, [params()], { now: new Date(now) });
    expect(behind.tasksAhead).toBe(2);
    expect(behind.range?.lowSeconds).toBeGreaterThan(bare.range?.lowSeconds ?? 0);
  });
});
