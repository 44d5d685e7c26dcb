import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_INPUT_MAX_PIXELS } from "@/lib/protocol/image-limits";
import type { OpenedDatabase } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { ToolQueue } from "@/lib/server/limits/tool-queue";
import { StudioRefs } from "@/lib/server/results/studio-refs";
import { storeUpload } from "@/lib/server/results/uploads";
import { LocalMediaStorage } from "@/lib/server/storage";
import type { Role } from "@/lib/studio/roles";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream";
import { type FakeService, startFakeService } from "@/lib/upstream/test-support";
import { runTool, type ToolDeps } from "./run-tool";

let database: OpenedDatabase;
let storage: LocalMediaStorage;
let service: FakeService;
let upstream: UpstreamClient;
let authorId = "";
/** Answers of the fake service wait until released, so tools pile up. */
let release: () => void = () => undefined;
let hold = Promise.resolve();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tool-limits-"));
const editor = () => ({ id: authorId, role: "editor" as Role });

/** A flat 8192x8192 PNG: a few hundred kilobytes on the wire, 256 MB once decoded. */
let huge: Buffer;
let small: Buffer;

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "tool-limits");
  storage = new LocalMediaStorage(path.join(dir, "media"));
  service = await startFakeService(async () => {
    await hold;
    return { status: 200, body: { data: [] } };
  });
  upstream = createUpstreamClient({ httpUrl: service.url, wsUrl: "ws://127.0.0.1:1/v1", apiKey: "k" });
  huge = await sharp({ create: { width: 8192, height: 8192, channels: 3, background: "#345" } })
    .png()
    .toBuffer();
  small = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#345" } })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  release();
  await upstream?.close();
  await service?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function deps(extra: Partial<ToolDeps> = {}): ToolDeps {
  return {
    db: database.db,
    storage,
    upstream,
    refs: new StudioRefs(database.db, storage, upstream),
    upstreamOrigin: new URL(service.url).origin,
    ...extra,
  };
}

const preprocess = (inputImage: string) => ({
  taskType: "imageControlNetPreProcess",
  taskUUID: randomUUID(),
  preProcessorType: "canny",
  inputImage,
});

describe("image tools: a pixel bound read from the header", () => {
  it("refuses an inline image above the bound, naming inputImage, without asking the service", async () => {
    const before = service.requests.length;
    const outcome = await runTool(
      deps(),
      editor(),
      preprocess(`data:image/png;base64,${huge.toString("base64")}`),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      errors: [expect.objectContaining({ code: "invalidMediaInput", parameter: "inputImage" })],
    });
    expect(JSON.stringify(outcome.body)).toContain("8192x8192");
    expect(service.requests.length).toBe(before);
  });

  it("refuses a studio upload above the bound by its record", async () => {
    const stored = await storeUpload(database.db, storage, authorId, huge);
    if (!stored.ok) throw new Error(stored.message);
    const outcome = await runTool(deps(), editor(), preprocess(stored.upload.id));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({ errors: [expect.objectContaining({ parameter: "inputImage" })] });
  });

  it("lets an image within the bound through to the service", async () => {
    expect(64 * 64).toBeLessThan(TOOL_INPUT_MAX_PIXELS);
    const before = service.requests.length;
    await runTool(deps(), editor(), preprocess(small.toString("base64")));
    expect(service.requests.length).toBe(before + 1);
  });
});

describe("image tools: a bounded queue", () => {
  it("runs two at a time, keeps the next waiting, and answers busy with Retry-After beyond", async () => {
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = new ToolQueue(2, 1);
    const before = service.requests.length;
    const running = [1, 2, 3].map(() =>
      runTool(deps({ queue }), editor(), preprocess(small.toString("base64"))),
    );
    await expect.poll(() => service.requests.length - before).toBe(2);
    expect(queue.usage).toEqual({ running: 2, waiting: 1 });
    const busy = await runTool(deps({ queue }), editor(), preprocess(small.toString("base64")));
    expect(busy.status).toBe(503);
    expect(busy.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(busy.body).toEqual({
      errors: [expect.objectContaining({ code: "serviceBusy", parameter: "taskType" })],
    });
    release();
    await Promise.all(running);
    expect(service.requests.length - before).toBe(3);
    expect(queue.usage).toEqual({ running: 0, waiting: 0 });
  });
});

describe("ToolQueue", () => {
  it("keeps order and frees slots when work fails", async () => {
    const queue = new ToolQueue(1, 5);
    const order: number[] = [];
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        queue.run(async () => {
          order.push(n);
          if (n === 1) throw new Error("boom");
          return n;
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(results[1]).toEqual({ status: "fulfilled", value: { full: false, value: 2 } });
    expect(queue.usage).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once when the waiting line is full", async () => {
    const queue = new ToolQueue(1, 0);
    let done: () => void = () => undefined;
    const first = queue.run(() => new Promise<void>((r) => (done = r)));
    expect(await queue.run(async () => 1)).toEqual({ full: true, waiting: 0 });
    done();
    await first;
  });
});
