import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "@/lib/engine";
import { PROMPT_ENHANCE_PRICE } from "@/lib/protocol/service-prices";
import { parseStudioEnv } from "@/lib/server/config/env";
import { getUpload, type OpenedDatabase, recordItem, recordTasks } from "@/lib/server/db";
import { spendEntry } from "@/lib/server/db/schema";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { StudioRefs } from "@/lib/server/results/studio-refs";
import { storeUpload } from "@/lib/server/results/uploads";
import { LocalMediaStorage } from "@/lib/server/storage";
import type { Role } from "@/lib/studio/roles";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream";
import { startFakeService } from "@/lib/upstream/test-support";
import { runTool, type ToolDeps, type ToolOutcome } from "./run-tool";
import { studioImage } from "./studio-images";
import { upstreamOrigin } from "./tool-deps";

let harness: Harness;
let database: OpenedDatabase;
let upstream: UpstreamClient;
let storage: LocalMediaStorage;
let deps: ToolDeps;
let authorId = "";
let png: Buffer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-"));

const editor = () => ({ id: authorId, role: "editor" as Role });

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields freely
function dataOf(outcome: ToolOutcome): any {
  if (!("data" in outcome.body)) throw new Error(`expected data, got ${JSON.stringify(outcome.body)}`);
  return outcome.body.data;
}

function errorsOf(outcome: ToolOutcome) {
  if (!("errors" in outcome.body)) throw new Error(`expected errors, got ${JSON.stringify(outcome.body)}`);
  return outcome.body.errors;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function uploadPng(): Promise<string> {
  const stored = await storeUpload(database.db, storage, authorId, png);
  if (!stored.ok) throw new Error(stored.message);
  return stored.upload.id;
}

beforeAll(async () => {
  [harness, database] = await Promise.all([startHarness(), openTestPglite()]);
  authorId = await createTestUser(database, "tools-author");
  storage = new LocalMediaStorage(path.join(dir, "media"));
  upstream = createUpstreamClient({ httpUrl: harness.url, wsUrl: harness.wsUrl, apiKey: harness.key });
  deps = {
    db: database.db,
    storage,
    upstream,
    refs: new StudioRefs(database.db, storage, upstream),
    upstreamOrigin: harness.origin,
  };
  // Shapes with edges, so the edge detectors have something to find.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192">
    <rect width="256" height="192" fill="#224"/><circle cx="128" cy="96" r="60" fill="#fc3"/></svg>`;
  png = await sharp(Buffer.from(svg)).png().toBuffer();
}, 60_000);

afterAll(async () => {
  await upstream?.close();
  await harness?.close();
  harness?.cleanup();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/tools: checking the task", () => {
  it("refuses a task type that is not a helper, naming taskType", async () => {
    for (const taskType of ["imageInference", "banana"]) {
      const outcome = await runTool(deps, editor(), { taskType, positivePrompt: "a fox" });
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual([
        expect.objectContaining({ code: "unsupportedTaskType", parameter: "taskType" }),
      ]);
    }
    const missing = await runTool(deps, editor(), { search: "fox" });
    expect(errorsOf(missing)[0]).toMatchObject({ code: "missingTaskType", parameter: "taskType" });
    const array = await runTool(deps, editor(), [{ taskType: "modelSearch" }]);
    expect(errorsOf(array)[0]).toMatchObject({ code: "invalidRequestBody", parameter: "body" });
  });

  it("refuses a bad preProcessorType with the contract's error naming it", async () => {
    const outcome = await runTool(deps, editor(), {
      taskType: "imageControlNetPreProcess",
      inputImage: randomUUID(),
      preProcessorType: "sketch",
    });
    expect(outcome.status).toBe(400);
    const errors = errorsOf(outcome);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: "invalidPreProcessorType",
      parameter: "preProcessorType",
      type: "string",
      taskType: "imageControlNetPreProcess",
    });
    expect(errors[0]?.message).toContain("canny");
  });

  it("lets a viewer search models but not spend on the other helpers", async () => {
    const viewer = { id: authorId, role: "viewer" as Role };
    expect((await runTool(deps, viewer, { taskType: "modelSearch", limit: 1 })).status).toBe(200);
    const refused = await runTool(deps, viewer, { taskType: "promptEnhance", prompt: "a fox" });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused)[0]).toMatchObject({ code: "forbidden" });
  });
});

describe("POST /api/tools against the embedded engine", () => {
  it("passes model search results through as the service gave them", async () => {
    const task = { taskType: "modelSearch", category: "lora", limit: 3 };
    const outcome = await runTool(deps, editor(), task);
    expect(outcome.status).toBe(200);
    const data = dataOf(outcome);
    const direct = await harness.post([{ ...task, taskUUID: randomUUID() }]);
    expect(data).toEqual({
      results: direct.body.data[0].results,
      totalResults: direct.body.data[0].totalResults,
    });
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.results.length).toBeLessThanOrEqual(3);
    for (const model of data.results) expect(model).toMatchObject({ category: "lora" });
  });

  it("answers one enhanced text per version", async () => {
    const outcome = await runTool(deps, editor(), {
      taskType: "promptEnhance",
      prompt: "a lighthouse at dusk",
      promptVersions: 3,
    });
    expect(outcome.status).toBe(200);
    const data = dataOf(outcome) as { text: string }[];
    expect(data).toHaveLength(3);
    for (const entry of data) {
      expect(Object.keys(entry)).toEqual(["text"]);
      expect(entry.text.startsWith("a lighthouse at dusk")).toBe(true);
    }
  });

  it("asks the cost of a paid helper and records what each answer cost to the member", async () => {
    const taskUUID = randomUUID();
    const outcome = await runTool(deps, editor(), {
      taskType: "promptEnhance",
      taskUUID,
      prompt: "a lighthouse at dusk",
      promptVersions: 2,
    });
    expect(outcome.status).toBe(200);
    const rows = (await database.db.select().from(spendEntry)).filter((r) => r.taskUUID === taskUUID);
    expect(rows.map((r) => [r.key, r.memberId, r.taskType, r.usd]).sort()).toEqual([
      [`${taskUUID}:0`, authorId, "promptEnhance", PROMPT_ENHANCE_PRICE],
      [`${taskUUID}:1`, authorId, "promptEnhance", PROMPT_ENHANCE_PRICE],
    ]);
  });

  it("keeps the guide image of a preprocess as the member's upload, usable as a later task's guideImage", async () => {
    const input = await uploadPng();
    const outcome = await runTool(deps, editor(), {
      taskType: "imageControlNetPreProcess",
      inputImage: input,
      preProcessorType: "canny",
    });
    expect(outcome.status).toBe(200);
    const data = dataOf(outcome);
    expect(data).toMatchObject({ width: 256, height: 192, mime: "image/png", preProcessorType: "canny" });
    expect(Object.keys(data).sort()).toEqual(["height", "id", "mime", "preProcessorType", "url", "width"]);
    expect(data.id).not.toBe(input);

    const upload = await getUpload(database.db, data.id);
    expect(upload).toMatchObject({ ownerId: authorId, width: 256, height: 192, mime: "image/png" });
    expect(data.url).toBe(`/api/media/${upload?.storageKey}`);
    expect(upload?.upstreamImageUUID).toEqual(expect.any(String));
    const stored = await storage.get(upload?.storageKey ?? "");
    const meta = await sharp(await readAll(stored?.stream as Readable)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 256, height: 192 });

    // A task naming the guide by its studio id reaches the service with the service's own id.
    const resolved = await deps.refs.resolve({
      taskType: "imageInference",
      taskUUID: randomUUID(),
      controlNet: [{ model: "runware:25@1", guideImage: data.id }],
    });
    expect(resolved.controlNet[0]?.guideImage).toBe(upload?.upstreamImageUUID);
    expect(await studioImage(database.db, data.id, "owner")).toEqual({
      id: data.id,
      url: data.url,
      width: 256,
      height: 192,
      mime: "image/png",
    });
  });

  it("takes an inline input image, and a guide answered inline", async () => {
    const outcome = await runTool(deps, editor(), {
      taskType: "imageControlNetPreProcess",
      inputImage: `data:image/png;base64,${png.toString("base64")}`,
      preProcessorType: "depth",
      width: 128,
      height: 128,
      outputType: "base64Data",
      outputFormat: "WEBP",
    });
    expect(outcome.status).toBe(200);
    const data = dataOf(outcome);
    expect(data).toMatchObject({ width: 128, height: 128, mime: "image/webp", preProcessorType: "depth" });
    expect(await getUpload(database.db, data.id)).toMatchObject({ ownerId: authorId, mime: "image/webp" });
  });

  it("passes the service's error on, naming the field", async () => {
    const outcome = await runTool(deps, editor(), {
      taskType: "imageControlNetPreProcess",
      inputImage: randomUUID(),
      preProcessorType: "canny",
    });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)[0]).toMatchObject({ code: "invalidMediaReference", parameter: "inputImage" });
  });
});

describe("POST /api/tools when the service is slow", () => {
  it("gives up after the wait with a timeout error", async () => {
    const slow = await startFakeService(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return { status: 200, body: { data: [] } };
    });
    const client = createUpstreamClient({
      httpUrl: slow.url,
      wsUrl: "ws://127.0.0.1:1/v1",
      apiKey: "k-slow",
    });
    try {
      const started = Date.now();
      const outcome = await runTool({ ...deps, upstream: client, timeoutMs: 200 }, editor(), {
        taskType: "promptEnhance",
        prompt: "a fox",
      });
      expect(Date.now() - started).toBeLessThan(1_400);
      expect(outcome.status).toBe(504);
      expect(errorsOf(outcome)[0]).toMatchObject({ code: "timeoutProvider", taskType: "promptEnhance" });
      expect(errorsOf(outcome)[0]?.message).toContain("promptEnhance");
    } finally {
      await client.close();
      await slow.close();
    }
  });
});

describe("GET /api/images/[id]", () => {
  it("finds uploads and gallery images by the studio's id, and nothing else", async () => {
    const uploadId = await uploadPng();
    expect(await studioImage(database.db, uploadId, "owner")).toMatchObject({
      id: uploadId,
      width: 256,
      height: 192,
      mime: "image/png",
      url: expect.stringMatching(/^\/api\/media\/uploads\//),
    });

    const taskUUID = randomUUID();
    await recordTasks(database.db, authorId, [{ taskType: "imageInference", taskUUID, numberResults: 2 }]);
    const image = randomUUID();
    const video = randomUUID();
    const base = { taskUUID, mime: "image/png", width: 64, height: 48, seed: 1, bytes: 10 } as const;
    await recordItem(database.db, {
      ...base,
      index: 0,
      mediaUUID: image,
      kind: "image",
      storageKey: `items/2025/01/${image}.png`,
    });
    await recordItem(database.db, {
      ...base,
      index: 1,
      mediaUUID: video,
      kind: "video",
      mime: "video/mp4",
      storageKey: `items/2025/01/${video}.mp4`,
    });
    expect(await studioImage(database.db, image, "owner")).toEqual({
      id: image,
      url: `/api/media/items/2025/01/${image}.png`,
      width: 64,
      height: 48,
      mime: "image/png",
    });
    expect(await studioImage(database.db, video, "owner")).toBeNull();
    expect(await studioImage(database.db, randomUUID(), "owner")).toBeNull();
    expect(await studioImage(database.db, "not an id", "owner")).toBeNull();
  });
});

describe("the configured service's origin", () => {
  it("is the embedded engine on the studio's own port, or the configured address", () => {
    expect(upstreamOrigin(parseStudioEnv({ PORT: "4100" }))).toBe("http://127.0.0.1:4100");
    const remote = parseStudioEnv({
      UPSTREAM_URL: "https://media.example.com/v1",
      UPSTREAM_WS_URL: "wss://media.example.com/v1",
      UPSTREAM_API_KEY: "k-remote",
    });
    expect(upstreamOrigin(remote)).toBe("https://media.example.com");
  });
});
