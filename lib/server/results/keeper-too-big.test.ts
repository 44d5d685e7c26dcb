import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import { handOver } from "@/lib/server/tasks/hand-over";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import { createUpstreamClient, type WireTask } from "@/lib/upstream";
import { pngDataUri, ServiceDouble } from "@/lib/upstream/ws-double";
import { ResultKeeper } from "./keeper";

/**
 * A task sent from the studio with an 8 MB inline seed image to a service that refuses messages
 * over 4 MB (closing its socket with 1009), the upload of that image too: the task ends with the
 * real cause, the image too large for the service, in one final event; never taskNotFound.
 */

let database: OpenedDatabase;
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-too-big-"));

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-too-big");
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a task whose image the service will not take", () => {
  it("fails with payloadTooLarge naming seedImage, once, and its image went out once", async () => {
    const double = new ServiceDouble({ maxMessage: 4 * 1024 * 1024 });
    const upstream = createUpstreamClient(
      { httpUrl: "http://service.test/v1", wsUrl: "ws://service.test/v1", apiKey: "k" },
      { openSocket: double.openSocket },
    );
    const log = new EventLog();
    const keeper = new ResultKeeper({
      db: database.db,
      storage: new LocalMediaStorage(path.join(dir, "media")),
      upstream,
      log,
      upstreamOrigin: "https://cdn.example",
    });
    const updates: TaskUpdate[] = [];
    log.subscribe((e: StreamEvent) => {
      if (e.type === "task") updates.push(e.task);
    });
    try {
      await keeper.start();
      const taskUUID = crypto.randomUUID();
      const seedImage = pngDataUri(8 * 1024 * 1024);
      const sent = {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: "a lighthouse",
        model: "runware:100@1",
        width: 512,
        height: 512,
        seedImage,
      };
      await recordTasks(database.db, authorId, [sent]);
      const failure = await handOver({ upstream, keeper }, [
        {
          taskUUID,
          wire: sent as WireTask,
          sent,
          async: false,
          author: { id: authorId, name: "Ada" },
        },
      ]);
      expect(failure).toBeNull();
      await expect
        .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 10_000 })
        .toBe("error");
      const row = await getTask(database.db, taskUUID);
      expect(row?.error).toMatchObject({ code: "payloadTooLarge", parameter: "seedImage" });
      expect(row?.error?.message).toMatch(/too large for the media service/);
      await log.flush();
      const finals = updates.filter((t) => t.taskUUID === taskUUID && t.status === "error");
      expect(finals).toEqual([
        expect.objectContaining({ error: expect.objectContaining({ code: "payloadTooLarge" }) }),
      ]);
      expect(double.framesWith(seedImage.slice(-64))).toHaveLength(1);
      expect(double.opened.length).toBeLessThanOrEqual(2);
    } finally {
      await keeper.close();
      await upstream.close();
    }
  });
});
