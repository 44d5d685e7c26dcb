import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, imageTask, startHarness, videoTask } from "@/lib/engine";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import { createUpstreamClient, type UpstreamClient, type WireTask } from "@/lib/upstream";
import { POLL_AFTER_MS, ResultKeeper } from "./keeper";

/**
 * The keeper and the service client against the embedded engine off its happy path
 * (`ENGINE_FAULTS`): a getResponse that does not know a task for a while after acknowledging it,
 * one refused result of three, a task that breaks on its worker once.
 */

const FAULTS = "[slow]=lag1500,[second refused]=nsfwContentDetected@1,[breaks once]=internalServerError*1";

let harness: Harness;
let database: OpenedDatabase;
let client: UpstreamClient;
let keeper: ResultKeeper;
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-engine-"));

beforeAll(async () => {
  harness = await startHarness({ env: { ENGINE_FAULTS: FAULTS } });
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-engine");
  client = createUpstreamClient(
    { httpUrl: harness.url, wsUrl: harness.wsUrl, apiKey: harness.key },
    { options: { poll: { initialMs: 100, factor: 1.5, maxMs: 400 } } },
  );
  keeper = new ResultKeeper({
    db: database.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream: client,
    log: new EventLog(),
    upstreamOrigin: harness.origin,
    retryDelay: () => 20,
  });
  await keeper.start();
}, 60_000);

afterAll(async () => {
  await keeper?.close();
  await client?.close();
  await database?.close();
  await harness?.close();
  harness?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Records, tracks and sends a task, as `submitTasks` and `handOver` do. */
async function send(task: Record<string, unknown>): Promise<string> {
  const taskUUID = String(task.taskUUID);
  const taskType = String(task.taskType);
  await recordTasks(database.db, authorId, [{ ...task, taskType, taskUUID }]);
  const itemCount = typeof task.numberResults === "number" ? task.numberResults : 1;
  const wire = task as WireTask;
  keeper.track(
    { taskUUID, taskType, authorId, authorName: "Ada", params: task, itemCount, wire },
    taskType === "videoInference" ? POLL_AFTER_MS.video : POLL_AFTER_MS.syncImage,
  );
  await client.socket.send([wire]);
  return taskUUID;
}

async function settled(taskUUID: string) {
  await expect
    .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 30_000, interval: 100 })
    .toMatch(/success|error/);
  return getTask(database.db, taskUUID);
}

describe("the keeper against the engine off its happy path", () => {
  it("keeps a video whose getResponse answers taskNotFound for a while after the acknowledgement", {
    timeout: 60_000,
  }, async () => {
    const taskUUID = await send(videoTask(DEFAULT_VIDEO_MODEL, { positivePrompt: "surf at dawn [slow]" }));
    const row = await settled(taskUUID);
    expect(row).toMatchObject({ status: "success", error: null });
    expect(row?.items).toHaveLength(1);
  });

  it("three results asked over the socket, the second refused: success with two, and the refusal in words", {
    timeout: 60_000,
  }, async () => {
    const taskUUID = await send(
      imageTask({ numberResults: 3, positivePrompt: "three boats [second refused]" }),
    );
    const row = await settled(taskUUID);
    expect(row?.status).toBe("success");
    expect(row?.items).toHaveLength(2);
    expect(row?.error).toMatchObject({
      code: "someResultsFailed",
      slots: [
        expect.objectContaining({
          code: "nsfwContentDetected",
          message: "The generated content was flagged by the safety checker.",
        }),
      ],
    });
  });

  it("sends a task that broke on the service's worker again, and keeps its result", {
    timeout: 60_000,
  }, async () => {
    const taskUUID = await send(imageTask({ positivePrompt: "a kite [breaks once]" }));
    const row = await settled(taskUUID);
    expect(row).toMatchObject({ status: "success", error: null });
    expect(row?.items).toHaveLength(1);
  });
});

describe("the keeper records what the engine's result says", () => {
  it("keeps the words an image's result names as not drawn, and none for a result naming none", {
    timeout: 60_000,
  }, async () => {
    const undrawn = await settled(await send(imageTask({ positivePrompt: "a narwhal in a meadow" })));
    expect(undrawn?.items.map((i) => i.notDrawn)).toEqual([["narwhal"]]);
    const drawn = await settled(await send(imageTask({ positivePrompt: "a hot air balloon over fields" })));
    expect(drawn?.items.map((i) => i.notDrawn)).toEqual([null]);
  });
});
