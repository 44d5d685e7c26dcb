import { getEventListeners } from "node:events";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { filteredGalleryPage } from "@/lib/server/gallery/gallery-page";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import type { ImageItem, Listener, UpstreamClient, UpstreamEvent, WatchOutcome } from "@/lib/upstream";
import { ResultKeeper } from "./keeper";

let database: OpenedDatabase;
let server: Server;
let origin = "";
let downloads = 0;
let png: Buffer;
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-"));

/** The service's side, as far as the keeper sees it: pushed events, and polls it can script. */
function fakeUpstream(watchOutcome: () => Promise<WatchOutcome> = async () => ({ ok: true, items: [] })) {
  const listeners: Listener[] = [];
  const upstream = {
    socket: {
      onMessage(l: Listener) {
        listeners.push(l);
        return () => undefined;
      },
      start() {},
    },
    watch: () => watchOutcome(),
  } as unknown as UpstreamClient;
  const push = (event: UpstreamEvent) => {
    for (const l of listeners) l(event);
  };
  return { upstream, push };
}

function imageItem(taskUUID: string, id = crypto.randomUUID()): ImageItem {
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
    },
  };
}

async function newTask(itemCount: number): Promise<string> {
  const taskUUID = crypto.randomUUID();
  await recordTasks(database.db, authorId, [
    {
      taskType: "imageInference",
      taskUUID,
      positivePrompt: "a fox",
      model: "runware:100@1",
      numberResults: itemCount,
    },
  ]);
  return taskUUID;
}

function keeperWith(upstream: UpstreamClient, log = new EventLog()) {
  const keeper = new ResultKeeper({
    db: database.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream,
    log,
    upstreamOrigin: origin,
  });
  return { keeper, log };
}

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-1");
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  server = createServer((_req, res) => {
    downloads += 1;
    // Slow enough that two routes delivering the same result overlap.
    setTimeout(() => res.writeHead(200, { "content-type": "image/png" }).end(png), 30);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("ResultKeeper", () => {
  it("lets go of each watch's hold on its stop signal when the watch ends", async () => {
    let answer: (outcome: WatchOutcome) => void = () => undefined;
    const { upstream } = fakeUpstream(() => new Promise((resolve) => (answer = resolve)));
    const { keeper } = keeperWith(upstream);
    const stop = (keeper as unknown as { state: { stop: AbortController } }).state.stop.signal;
    const before = getEventListeners(stop, "abort").length;
    for (let i = 0; i < 20; i++) {
      keeper.watch(await newTask(1));
      answer({ ok: true, items: [] });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getEventListeners(stop, "abort").length).toBe(before);
    await keeper.close();
  });

  it("records a result arriving by two routes at once exactly once, downloading it once", async () => {
    const { upstream, push } = fakeUpstream();
    const { keeper, log } = keeperWith(upstream);
    await keeper.start();
    const taskUUID = await newTask(1);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 1 },
      60_000,
    );
    const events: StreamEvent[] = [];
    await log.flush();
    log.subscribe((e) => events.push(e));
    const item = imageItem(taskUUID);
    const before = downloads;
    push({ type: "item", taskUUID, item });
    await Promise.all([keeper.ingest(item, 0), keeper.ingest(item)]);
    await keeper.ingest(item);
    await log.flush();
    const task = await getTask(database.db, taskUUID);
    expect(task?.items).toHaveLength(1);
    expect(task?.items[0]).toMatchObject({ width: 64, height: 48, mime: "image/png", seed: "42" });
    expect(task?.status).toBe("success");
    expect(downloads - before).toBe(1);
    expect(events.filter((e) => e.type === "item")).toHaveLength(1);
    // Kept under the studio's own id: the service's UUID is in no studio media URL.
    const stored = task?.items[0]?.storageKey ?? "";
    expect(stored).toMatch(/^items\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(stored).not.toContain(item.id);
    const shown = events.find((e) => e.type === "item");
    expect(shown?.type === "item" && shown.item.url).toBe(`/api/media/${stored}`);
    expect(JSON.stringify(shown)).not.toContain(`/${item.id}.`);
    const last = events.filter((e) => e.type === "task").at(-1);
    expect(last).toMatchObject({ task: { status: "success", itemsDone: 1, itemCount: 1 } });
    await keeper.close();
  });

  it("sends a live card that reads exactly as the gallery page's card for the same item", async () => {
    const { upstream } = fakeUpstream();
    const { keeper, log } = keeperWith(upstream);
    await keeper.start();
    const taskUUID = await newTask(2);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 2 },
      60_000,
    );
    const events: StreamEvent[] = [];
    await log.flush();
    log.subscribe((e) => events.push(e));
    // Two seeds of one recipe: the second card counts the first.
    await keeper.ingest(imageItem(taskUUID));
    await keeper.ingest(imageItem(taskUUID));
    await log.flush();
    const live = events.flatMap((e) => (e.type === "item" ? [e.item] : []));
    expect(live).toHaveLength(2);
    const page = await filteredGalleryPage(database.db, {}, { id: authorId }, { cursor: null, limit: 50 });
    const reloaded = page.items.find((i) => i.id === live[1]?.id);
    expect(reloaded?.review).toMatchObject({ state: "draft", ratingAvg: null, ratingCount: 0 });
    expect(reloaded?.seedCount).toBeGreaterThanOrEqual(2);
    expect(live[1]).toEqual(reloaded);
    expect(live[0]?.seedCount ?? 1).toBe((reloaded?.seedCount ?? 0) - 1);
    await keeper.close();
  });

  it("keeps a task processing until every result is in, with progress by results", async () => {
    const { upstream } = fakeUpstream();
    const { keeper, log } = keeperWith(upstream);
    await keeper.start();
    const taskUUID = await newTask(3);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 3 },
      60_000,
    );
    const progress: (number | null)[] = [];
    await log.flush();
    log.subscribe((e) => {
      if (e.type === "task") progress.push(e.task.progress);
    });
    await keeper.ingest(imageItem(taskUUID));
    expect((await getTask(database.db, taskUUID))?.status).toBe("processing");
    await keeper.ingest(imageItem(taskUUID));
    await keeper.ingest(imageItem(taskUUID));
    expect((await getTask(database.db, taskUUID))?.status).toBe("success");
    await log.flush();
    expect(progress).toEqual([33, 67, 100]);
    await keeper.close();
  });

  it("settles a polled task with what arrived: some results is a success, an error with none is the error", async () => {
    const failed = { code: "invalidSeedImage", message: "The seed image could not be read." };
    const { upstream } = fakeUpstream(async () => ({
      ok: true,
      items: [{ status: "error", index: 0, taskType: "imageInference", taskUUID: "x", error: failed }],
    }));
    const { keeper } = keeperWith(upstream);
    await keeper.start();
    const taskUUID = await newTask(1);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 1 },
      0,
    );
    await expect.poll(async () => (await getTask(database.db, taskUUID))?.status).toBe("error");
    expect((await getTask(database.db, taskUUID))?.error).toMatchObject({ code: "invalidSeedImage" });
    await keeper.close();
  });

  it("a result for a task the studio did not send is ignored; an error pushed for a task fails it", async () => {
    const { upstream, push } = fakeUpstream();
    const { keeper } = keeperWith(upstream);
    await keeper.start();
    const stranger = crypto.randomUUID();
    await keeper.ingest(imageItem(stranger));
    expect(await getTask(database.db, stranger)).toBeNull();
    const taskUUID = await newTask(1);
    keeper.track(
      { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 1 },
      60_000,
    );
    push({
      type: "error",
      taskUUID,
      error: { code: "invalidWidth", message: "Bad width.", parameter: "width" },
    });
    await expect.poll(async () => (await getTask(database.db, taskUUID))?.status).toBe("error");
    await keeper.close();
  });

  it("picks up tasks left in flight by an earlier run and watches them", async () => {
    const taskUUID = await newTask(1);
    const item = imageItem(taskUUID);
    const { upstream } = fakeUpstream(async () => ({
      ok: true,
      items: [{ status: "success", index: 0, taskType: "imageInference", taskUUID, item }],
    }));
    // The poll reports its item through onItem, as the real watch does.
    const watch = upstream.watch;
    (upstream as { watch: UpstreamClient["watch"] }).watch = async (uuid, options) => {
      const outcome = await watch(uuid, options);
      if (outcome.ok) for (const i of outcome.items) options?.onItem?.(i);
      return outcome;
    };
    const { keeper } = keeperWith(upstream);
    await keeper.start();
    await expect
      .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 10_000 })
      .toBe("success");
    await keeper.close();
  });
});
