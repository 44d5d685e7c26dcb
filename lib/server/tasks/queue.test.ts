import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  markTask,
  type OpenedDatabase,
  RecordError,
  recentTasks,
  recordItem,
  recordTasks,
} from "@/lib/server/db";
import { task } from "@/lib/server/db/schema";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { api } from "@/lib/studio/api";
import { taskQueue } from "./queue";

let database: OpenedDatabase;
let author = "";
let other = "";
/** The author's tasks, oldest first. */
const mine: string[] = [];
/** The oldest task's media UUIDs, in result order. */
const oldestItems: string[] = [];

/** Records a task created `minutesAgo` minutes ago (a fixed order, whatever the clock's grain). */
async function taskAt(authorId: string, minutesAgo: number, numberResults = 1): Promise<string> {
  const taskUUID = randomUUID();
  await recordTasks(database.db, authorId, [
    { taskType: "imageInference", taskUUID, positivePrompt: `task ${minutesAgo}`, numberResults },
  ]);
  await database.db
    .update(task)
    .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(task.taskUUID, taskUUID));
  return taskUUID;
}

async function addItem(taskUUID: string, index: number) {
  const mediaUUID = randomUUID();
  await recordItem(database.db, {
    taskUUID,
    index,
    mediaUUID,
    kind: "image",
    mime: "image/png",
    width: 64,
    height: 64,
    seed: index,
    storageKey: `items/2025/01/${mediaUUID}.png`,
    bytes: 10,
  });
  return mediaUUID;
}

beforeAll(async () => {
  database = await openTestPglite();
  author = await createTestUser(database, "queue-author");
  other = await createTestUser(database, "queue-other");
  for (const minutesAgo of [50, 40, 30, 20, 10]) mine.push(await taskAt(author, minutesAgo, 2));
  await taskAt(other, 5);
  // Oldest two finished, the third failed, the fourth running, the newest still queued.
  await markTask(database.db, mine[0] ?? "", { status: "success" });
  await markTask(database.db, mine[1] ?? "", { status: "success" });
  await markTask(database.db, mine[2] ?? "", { status: "error", error: { code: "x", message: "y" } });
  await markTask(database.db, mine[3] ?? "", { status: "processing", progress: 50 });
  // The oldest task's results, arriving out of order.
  const second = await addItem(mine[0] ?? "", 1);
  const first = await addItem(mine[0] ?? "", 0);
  oldestItems.push(first, second);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("recentTasks", () => {
  it("lists only the author's tasks, newest first, up to the limit", async () => {
    const all = await recentTasks(database.db, author);
    expect(all.tasks.map((t) => t.taskUUID)).toEqual([...mine].reverse());
    expect(all.more).toBe(false);
    const two = await recentTasks(database.db, author, { limit: 2 });
    expect(two.tasks.map((t) => t.taskUUID)).toEqual([mine[4], mine[3]]);
    expect(two.more).toBe(true);
    expect(await recentTasks(database.db, "nobody")).toEqual({ tasks: [], more: false });
  });

  it("keeps to queued and processing tasks when asked", async () => {
    const active = (await recentTasks(database.db, author, { activeOnly: true })).tasks;
    expect(active.map((t) => [t.taskUUID, t.status])).toEqual([
      [mine[4], "queued"],
      [mine[3], "processing"],
    ]);
  });

  it("carries each task's items in result order", async () => {
    const [, , , , oldest] = (await recentTasks(database.db, author)).tasks;
    expect(oldest?.items.map((i) => i.mediaUUID)).toEqual(oldestItems);
    expect((await recentTasks(database.db, author, { limit: 1 })).tasks[0]?.items).toEqual([]);
  });

  it("refuses a limit out of range", async () => {
    for (const limit of [0, 101, 2.5]) {
      const err = await recentTasks(database.db, author, { limit }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RecordError);
      expect(err).toMatchObject({ parameter: "limit" });
    }
  });
});

describe("the task queue of GET /api/tasks", () => {
  it("answers each task as the task view", async () => {
    const page = await taskQueue(database.db, { id: author, name: author }, { limit: 50, activeOnly: false });
    const views = page.items;
    expect(views).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
    // Queued and processing: the author's newest two, and the other member's one.
    expect(page.inFlight).toEqual({ yours: 2, team: 3 });
    const running = views[1];
    expect(running).toMatchObject({
      taskUUID: mine[3],
      taskType: "imageInference",
      status: "processing",
      progress: 50,
      itemCount: 2,
      itemsDone: 0,
      error: null,
      authorId: author,
      params: { positivePrompt: "task 20" },
    });
    expect(views[2]?.error).toEqual({ code: "x", message: "y" });
    const oldest = views[4];
    expect(oldest?.itemsDone).toBe(2);
    expect(oldest?.items[0]).toMatchObject({
      authorName: "queue-author",
      url: expect.stringMatching(/^\/api\/media\//),
    });
    expect(Date.parse(views[0]?.createdAt ?? "")).toBeGreaterThan(Date.parse(views[1]?.createdAt ?? ""));
  });

  it("reads limit, cursor and active from the query, naming a bad one", () => {
    const q = (s: string) => api.tasks.list.spec.query.safeParse(Object.fromEntries(new URLSearchParams(s)));
    const ok = (s: string) => q(s).data;
    const refused = (s: string) => q(s).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(ok("")).toEqual({ limit: 50, active: false });
    expect(ok("limit=100&active=1")).toEqual({ limit: 100, active: true });
    expect(ok("active=true")).toEqual({ limit: 50, active: true });
    expect(ok("active=0")).toEqual({ limit: 50, active: false });
    for (const bad of ["limit=0", "limit=101", "limit=ten", "limit=1.5"])
      expect(refused(bad)).toEqual(["limit"]);
    expect(refused("limit=500&active=yes")).toEqual(["limit", "active"]);
    expect(refused("active=constructor")).toEqual(["active"]);
    expect(ok("cursor=abc_-1")).toMatchObject({ cursor: "abc_-1" });
    expect(refused("cursor=a%20b")).toEqual(["cursor"]);
  });
});
