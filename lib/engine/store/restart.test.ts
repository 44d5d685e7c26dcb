import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderImage } from "../render/image";
import type { Renderer } from "../render/renderer";
import { manualClock } from "../shared/clock";
import { type Harness, imageTask, startHarness, tempDataDir, videoTask } from "../test-harness";
import { INLINE_MARKER_PREFIX, sanitizeParams } from "./sanitize";
import { INTERRUPTED_MESSAGE, type TaskRecord, TaskStore, TOMBSTONE_RETENTION_MS } from "./task-store";

/** Renders that never finish on their own: they end only when the engine aborts them. */
const hanging: Renderer["renderVideo"] = (p) =>
  new Promise((_, reject) => {
    p.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
  });
const hangingAll = { renderImage: hanging, renderVideo: hanging } as unknown as Renderer;

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
  it("a new engine over the same data dir keeps task records, media and keys, and finishes the tasks in flight", async () => {
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

    // The video the first engine accepted and never finished is made by the second one.
    const video = await pollUntilFinal(b, inflight.taskUUID, key);
    expect(video).toMatchObject({ status: "success", taskUUID: inflight.taskUUID });
    expect((await fetch(String(video.videoURL))).status).toBe(200);
    const reuse = await b.post([{ ...inflight }], { key });
    expect(reuse.body.errors[0].code).toBe("conflictTaskUUID");

    // The uploaded image's UUID still works as an input.
    const i2i = await b.post([imageTask({ seedImage: uploaded.imageUUID, strength: 0.5 })], { key });
    expect(i2i.status).toBe(200);
  });
});

/** Polls a task until its (first) result is final. */
async function pollUntilFinal(h: Harness, taskUUID: unknown, key: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await h.post([{ taskType: "getResponse", taskUUID }], { key });
    const first = r.body.data?.[0] as Record<string, unknown> | undefined;
    if (first && first.status !== "processing") return first;
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe("accepted tasks across a restart", () => {
  it("keeps the request of a running task on disk, and lets it go once the task has finished", async () => {
    const dataDir = tempDataDir();
    const a = await startHarness({ dataDir, renderer: hangingVideo });
    const inflight = videoTask("local:video@3.0-prime");
    const image = imageTask({ deliveryMethod: "async", outputFormat: "PNG" });
    expect((await a.post([inflight, image])).status).toBe(200);
    await pollUntilFinal(a, image.taskUUID, a.key);
    const dir = path.join(dataDir, "accepted");
    // Written once it has run for a moment, so a crash (no close at all) would still find it; the
    // finished image's file goes once its own write has landed. Both are waited for by what the
    // folder holds, for as long as a loaded machine may take.
    const only = [`${inflight.taskUUID}.json`];
    for (let i = 0; i < 1000 && JSON.stringify(fs.readdirSync(dir)) !== JSON.stringify(only); i++) {
      await new Promise((res) => setTimeout(res, 10));
    }
    expect(fs.readdirSync(dir)).toEqual(only);
    await a.close();

    const b = await startHarness({ dataDir, createKey: false });
    harnesses.push(b);
    expect(await pollUntilFinal(b, inflight.taskUUID, a.key)).toMatchObject({ status: "success" });
    for (let i = 0; i < 200 && fs.readdirSync(dir).length > 0; i++)
      await new Promise((res) => setTimeout(res, 10));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("forgets a task whose request was lost and that made nothing: its client sends it again under its own UUID", async () => {
    const dataDir = tempDataDir();
    const a = await startHarness({ dataDir, renderer: hangingVideo });
    const inflight = videoTask("local:video@3.0-prime");
    expect((await a.post([inflight])).status).toBe(200);
    await a.close();
    // As if its request file had been lost (the journal never names a task before its request).
    fs.rmSync(path.join(dataDir, "accepted"), { recursive: true, force: true });

    const b = await startHarness({ dataDir, createKey: false });
    harnesses.push(b);
    const polled = await b.post([{ taskType: "getResponse", taskUUID: inflight.taskUUID }], { key: a.key });
    expect(polled.body.errors[0]).toMatchObject({ code: "taskNotFound" });
    expect(JSON.stringify(polled.body)).not.toContain(INTERRUPTED_MESSAGE);
    expect((await b.post([inflight], { key: a.key })).status).toBe(200);
    expect(await pollUntilFinal(b, inflight.taskUUID, a.key)).toMatchObject({ status: "success" });
  });

  it("a task acknowledged is on disk with its request at that moment: a copy of the folder taken then runs it", {
    timeout: 60_000,
  }, async () => {
    const dataDir = tempDataDir();
    const a = await startHarness({ dataDir, renderer: hangingAll });
    harnesses.push(a);
    const copies: { dir: string; uuids: string[] }[] = [];
    // Several requests, each copied the moment its acknowledgement arrives: what SIGKILL would leave.
    for (let i = 0; i < 4; i++) {
      const tasks = [
        imageTask({ deliveryMethod: "async", outputFormat: "PNG" }),
        imageTask({ deliveryMethod: "async", outputFormat: "PNG", numberResults: 2 }),
      ];
      const acked = await a.post(tasks);
      const copy = tempDataDir();
      fs.cpSync(dataDir, copy, { recursive: true });
      expect(acked.status).toBe(200);
      copies.push({ dir: copy, uuids: tasks.map((t) => String(t.taskUUID)) });
    }
    for (const { dir, uuids } of copies) {
      const b = await startHarness({ dataDir: dir, createKey: false });
      harnesses.push(b);
      for (const uuid of uuids) {
        expect(await pollUntilFinal(b, uuid, a.key)).toMatchObject({ status: "success", taskUUID: uuid });
      }
    }
  });

  it("keeps the results a task had made and makes only the missing ones", async () => {
    const dataDir = tempDataDir();
    const a = await startHarness({ dataDir });
    const task = imageTask({ deliveryMethod: "async", outputFormat: "PNG", numberResults: 2 });
    expect((await a.post([task])).status).toBe(200);
    const first = await pollUntilFinal(a, task.taskUUID, a.key);
    await a.close();
    // Rewind the journal to a moment when only the first result was made.
    const journal = path.join(dataDir, "tasks.jsonl");
    const records = fs
      .readFileSync(journal, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as TaskRecord);
    const record = records.find((r) => r.taskUUID === task.taskUUID);
    if (!record?.items[1]) throw new Error("the task's record is missing");
    record.items[1] = { status: "processing", progress: 40 };
    fs.writeFileSync(journal, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
    fs.writeFileSync(path.join(dataDir, "accepted", `${task.taskUUID}.json`), JSON.stringify(task));

    const b = await startHarness({ dataDir, createKey: false });
    harnesses.push(b);
    let results: Record<string, unknown>[] = [];
    for (;;) {
      results = (await b.post([{ taskType: "getResponse", taskUUID: task.taskUUID }], { key: a.key })).body
        .data;
      if (results.every((r) => r.status !== "processing")) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(results.map((r) => r.status)).toEqual(["success", "success"]);
    expect(results[0]?.imageUUID).toBe(first.imageUUID);
    expect(results[1]?.imageUUID).not.toBe(first.imageUUID);
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
