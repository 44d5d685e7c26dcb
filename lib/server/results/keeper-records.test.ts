import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import type { ImageItem, UpstreamClient } from "@/lib/upstream";
import { ResultKeeper } from "./keeper";
import { taskView } from "./task-view";

// What keeping a task's results costs its database, and what a reload reads of it meanwhile.

let database: OpenedDatabase;
let queries = 0;
let server: Server;
let origin = "";
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-records-"));

const upstream = {
  socket: { onMessage: () => () => undefined, start() {} },
  watch: async () => ({ ok: true, items: [] }),
} as unknown as UpstreamClient;

function imageItem(taskUUID: string, index: number): ImageItem {
  const id = crypto.randomUUID();
  return {
    kind: "image",
    taskType: "imageInference",
    taskUUID,
    id,
    index,
    result: {
      taskType: "imageInference",
      taskUUID,
      imageUUID: id,
      imageURL: `${origin}/media/${id}.png`,
      seed: 7,
    },
  } as ImageItem;
}

beforeAll(async () => {
  database = await openTestPglite({ onQuery: () => void queries++ });
  authorId = await createTestUser(database, "records-1");
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#cc6633" } })
    .png()
    .toBuffer();
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(png));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("ResultKeeper's records", () => {
  it("reads a task once and writes one statement per result after its first, and a reload reads the progress its results made", async () => {
    const keeper = new ResultKeeper({
      db: database.db,
      storage: new LocalMediaStorage(path.join(dir, "media")),
      upstream,
      log: new EventLog(),
      upstreamOrigin: origin,
    });
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
    // The first result: the task read, the item written, the record made processing; then the
    // item alone for each.
    expect(queries - before).toBe(3 + 3);
    const midway = await getTask(database.db, taskUUID);
    expect(midway?.status).toBe("processing");
    const view = await taskView(database.db, midway as NonNullable<typeof midway>, { viewerId: authorId });
    expect([view.status, view.progress, view.itemsDone]).toEqual(["processing", 40, 4]);

    // Results arriving together write their items alone too; the last one's write ends the task.
    const second = queries;
    const rest = Array.from({ length: 6 }, (_, i) => keeper.ingest(imageItem(taskUUID, 4 + i)));
    await Promise.all(rest);
    expect(queries - second).toBe(6 + 1);
    const ended = await getTask(database.db, taskUUID);
    expect([ended?.status, ended?.progress, ended?.items.length]).toEqual(["success", 100, 10]);
    await keeper.close();
  });
});
