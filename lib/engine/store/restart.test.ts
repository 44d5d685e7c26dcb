import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../core/clock";
import { type Harness, imageTask, startHarness, tempDataDir, videoTask } from "../http/test-harness";
import { renderImage } from "../render/image";
import type { Renderer } from "../render/renderer";
import { INLINE_MARKER_PREFIX, sanitizeParams } from "./sanitize";
import { INTERRUPTED_MESSAGE, type TaskRecord, TaskStore, TOMBSTONE_RETENTION_MS } from "./task-store";

/** Video renders never finish on their own: they end only when the engine aborts them. */
const hangingVideo: Renderer = {
  renderImage,
  renderVideo: (p) =>
    new Promise((_, reject) => {
      p.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
    }),
};

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) {
    await h.close();
    h.cleanup();
  }
});

const PNG_1PX =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("restart", () => {
  it("a new engine over the same data dir keeps task records, media and keys; in-flight tasks become errors", async () => {
    const dataDir = tempDataDir();
    const a = await startHarness({ dataDir, renderer: hangingVideo });
    const done = imageTask({ deliveryMethod: "async", outputFormat: "PNG" });
    const upload = { taskType: "imageUpload", taskUUID: crypto.randomUUID(), image: PNG_1PX };
    const inflight = videoTask("local:video@3.0-prime");
    expect((await a.post([done, upload, inflight])).status).toBe(200);
    const uploaded = (await a.post([{ taskType: "getResponse", taskUUID: upload.taskUUID }])).body.data[0];
    // Wait for the async image to finish before the "crash".
    for (;;) {
      const r = await a.post([{ taskType: "getResponse", taskUUID: done.taskUUID }]);
      if (r.body.data[0].status === "success") break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await a.close();

    const b = await startHarness({ dataDir, createKey: false });
    harnesses.push(b);
    const key = a.key;
    const image = await b.post([{ taskType: "getResponse", taskUUID: done.taskUUID }], { key });
    expect(image.body.data[0]).toMatchObject({ status: "success", taskUUID: done.taskUUID });
    // URLs are rebuilt with the poller's origin (the new engine's port).
    expect(image.body.data[0].imageURL.startsWith(b.url)).toBe(true);
    expect((await fetch(image.body.data[0].imageURL)).status).toBe(200);
    expect((await fetch(uploaded.imageURL.replace(a.origin, b.origin))).status).toBe(200);

    const video = await b.post([{ taskType: "getResponse", taskUUID: inflight.taskUUID }], { key });
    expect(video.body.data[0]).toMatchObject({
      status: "error",
      error: { code: "internalServerError", message: INTERRUPTED_MESSAGE },
    });
    const reuse = await b.post([{ ...inflight }], { key });
    expect(reuse.body.errors[0].code).toBe("conflictTaskUUID");

    // The uploaded image's UUID still works as an input.
    const i2i = await b.post([imageTask({ seedImage: uploaded.imageUUID, strength: 0.5 })], { key });
    expect(i2i.status).toBe(200);
  });
});

describe("TaskStore", () => {
  it("skips a torn last line and drops records past their retention", async () => {
    const dir = tempDataDir();
    const clock = manualClock(1_000_000);
    const store = new TaskStore(dir, clock);
    const principal = { accountId: "a", keyId: "k" };
    for (const uuid of ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]) {
      store.create({
        taskUUID: uuid,
        taskType: "imageInference",
        principal,
        params: {},
        delivery: "sync",
        items: [{ status: "success", progress: 100 }],
        createdAt: clock.now(),
        updatedAt: clock.now(),
        expiresAt: clock.now() + 1000,
      });
    }
    await store.close();
    fs.appendFileSync(path.join(dir, "tasks.jsonl"), '{"taskUUID":"33333333-3333-4333-8333-33333');
    const reopened = new TaskStore(dir, clock);
    expect(reopened.size).toBe(2);
    await reopened.close();
    clock.advance(1000 + TOMBSTONE_RETENTION_MS + 1);
    const later = new TaskStore(dir, clock);
    expect(later.size).toBe(0);
    await later.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("compacts a long journal to one line per record while running", async () => {
    const dir = tempDataDir();
    const clock = manualClock(1_000_000);
    const store = new TaskStore(dir, clock);
    for (let i = 0; i < 700; i++) {
      const record: TaskRecord = {
        taskUUID: crypto.randomUUID(),
        taskType: "modelSearch",
        principal: { accountId: "a", keyId: "k" },
        params: {},
        delivery: "sync",
        items: [{ status: "processing", progress: 0 }],
        createdAt: clock.now(),
        updatedAt: clock.now(),
        expiresAt: clock.now() + 1000,
      };
      // Three flushes: three journal lines for this record.
      store.create(record);
      store.flush();
      store.persist(record);
      store.flush();
      record.items[0] = { status: "success", progress: 100 };
      store.persist(record);
      store.flush();
    }
    const journal = path.join(dir, "tasks.jsonl");
    await store.compactIfNeeded();
    // (The 2100 lines written before were more than twice the 700 records: compacted.)
    expect(fs.readFileSync(journal, "utf8").trim().split("\n")).toHaveLength(700);
    await store.close();
    const reopened = new TaskStore(dir, clock);
    expect(reopened.size).toBe(700);
    await reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps no inline media in task parameters", () => {
    const big = `data:image/png;base64,${"A".repeat(5000)}`;
    const out = sanitizeParams({ seedImage: big, lora: [{ model: "x:1@1" }], prompt: "short" }) as Record<
      string,
      unknown
    >;
    expect(String(out.seedImage).startsWith(INLINE_MARKER_PREFIX)).toBe(true);
    expect(JSON.stringify(out).length).toBeLessThan(300);
    expect(out.prompt).toBe("short");
  });
});
