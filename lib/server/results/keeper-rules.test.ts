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
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import {
  createUpstreamClient,
  type FinishedPollItem,
  type ImageItem,
  type Listener,
  type UpstreamClient,
  type UpstreamEvent,
  type WatchOptions,
  type WatchOutcome,
  type WireTask,
} from "@/lib/upstream";
import { ResultKeeper } from "./keeper";

/**
 * The keeper against a service that is not the happy path: per-task errors, a task the service
 * does not know yet, one refused result among several, passing failures. The service's side is
 * scripted: socket events are pushed, polls answer what each test says.
 */

let database: OpenedDatabase;
let server: Server;
let origin = "";
let png: Buffer;
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-rules-"));

interface Script {
  upstream: UpstreamClient;
  push(event: UpstreamEvent): void;
  sent: WireTask[][];
  watches: { uuid: string; options: WatchOptions | undefined }[];
}

/** `poll` answers each watch (by the UUID polled); the default never ends. */
function scripted(poll?: (uuid: string, options?: WatchOptions) => Promise<WatchOutcome>): Script {
  const listeners: Listener[] = [];
  const sent: WireTask[][] = [];
  const watches: Script["watches"] = [];
  const upstream = {
    socket: {
      onMessage(l: Listener) {
        listeners.push(l);
        return () => undefined;
      },
      start() {},
      async send(tasks: readonly WireTask[]) {
        sent.push([...tasks]);
      },
    },
    watch(uuid: string, options?: WatchOptions) {
      watches.push({ uuid, options });
      if (poll) return poll(uuid, options);
      return new Promise<WatchOutcome>((resolve) =>
        options?.signal?.addEventListener("abort", () =>
          resolve({ ok: false, error: { code: "requestAborted", message: "" }, items: [] }),
        ),
      );
    },
  } as unknown as UpstreamClient;
  const push = (event: UpstreamEvent) => {
    for (const l of listeners) l(event);
  };
  return { upstream, push, sent, watches };
}

function image(taskUUID: string, id = crypto.randomUUID()): ImageItem {
  return {
    kind: "image",
    taskType: "imageInference",
    taskUUID,
    id,
    result: {
      taskType: "imageInference",
      taskUUID,
      imageUUID: id,
      imageURL: `${origin}/m/${id}.png`,
      seed: 7,
    },
  };
}

async function newTask(itemCount: number, taskType = "imageInference"): Promise<string> {
  const taskUUID = crypto.randomUUID();
  await recordTasks(database.db, authorId, [
    { taskType, taskUUID, positivePrompt: "a lighthouse", model: "runware:100@1", numberResults: itemCount },
  ]);
  return taskUUID;
}

function start(script: Script) {
  const log = new EventLog();
  const keeper = new ResultKeeper({
    db: database.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream: script.upstream,
    log,
    upstreamOrigin: origin,
    retryDelay: () => 5,
  });
  const tasks: TaskUpdate[] = [];
  log.subscribe((e: StreamEvent) => {
    if (e.type === "task") tasks.push(e.task);
  });
  return { keeper, log, tasks };
}

function track(keeper: ResultKeeper, taskUUID: string, itemCount: number, taskType = "imageInference") {
  const wire = {
    taskType,
    taskUUID,
    positivePrompt: "a lighthouse",
    webhookURL: "https://studio/x",
  } as WireTask;
  keeper.track({ taskUUID, taskType, authorId, authorName: "Ada", params: {}, itemCount, wire }, 60_000);
}

const settled = async (taskUUID: string) => {
  await expect
    .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 10_000 })
    .toMatch(/success|error/);
  return getTask(database.db, taskUUID);
};

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-rules");
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#aa3311" } })
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

const refusal = {
  code: "nsfwContentDetected",
  message: "The generated content was flagged by the safety checker.",
};

describe("one rule for socket, polling and webhook", () => {
  it("three results asked, the second refused: success with two items and the slot's error, by each road", async () => {
    const records: unknown[] = [];

    // The socket: two results and an error, pushed apart.
    {
      const script = scripted();
      const { keeper } = start(script);
      await keeper.start();
      const taskUUID = await newTask(3);
      track(keeper, taskUUID, 3);
      script.push({ type: "item", taskUUID, item: image(taskUUID) });
      script.push({ type: "error", taskUUID, error: { ...refusal, taskUUID, taskType: "imageInference" } });
      script.push({ type: "item", taskUUID, item: image(taskUUID) });
      records.push(await settled(taskUUID));
      await keeper.close();
    }

    // Polling: the whole state in one answer, items reported as the real watch does.
    {
      let taskUUID = "";
      const script = scripted(async (uuid, options) => {
        const items: FinishedPollItem[] = [
          { status: "success", index: 0, taskType: "imageInference", taskUUID: uuid, item: image(uuid) },
          { status: "error", index: 1, taskType: "imageInference", taskUUID: uuid, error: refusal },
          { status: "success", index: 2, taskType: "imageInference", taskUUID: uuid, item: image(uuid) },
        ];
        for (const item of items) options?.onItem?.(item);
        return { ok: true, items };
      });
      const { keeper } = start(script);
      await keeper.start();
      taskUUID = await newTask(3);
      track(keeper, taskUUID, 3);
      keeper.watch(taskUUID);
      records.push(await settled(taskUUID));
      await keeper.close();
    }

    // The webhook: one body per finished item, read and scrubbed by the client like the socket's.
    {
      const script = scripted();
      const { keeper } = start(script);
      await keeper.start();
      const taskUUID = await newTask(3);
      track(keeper, taskUUID, 3);
      const reader = createUpstreamClient({
        httpUrl: "http://127.0.0.1:1/v1",
        wsUrl: "ws://127.0.0.1:1/v1",
        apiKey: "k-webhook-test",
      });
      const bodies = [
        image(taskUUID).result,
        { taskType: "imageInference", taskUUID, status: "error", error: refusal },
        image(taskUUID).result,
      ];
      for (const body of bodies) {
        const delivery = reader.readWebhook(body);
        expect(delivery).not.toBeNull();
        if (delivery) await keeper.receive(delivery);
      }
      records.push(await settled(taskUUID));
      await keeper.close();
      await reader.close();
    }

    const comparable = records.map((row) => {
      const r = row as {
        status: string;
        items: unknown[];
        error: { code: string; slots: { code: string; message: string }[] };
      };
      return {
        status: r.status,
        items: r.items.length,
        code: r.error?.code,
        slots: r.error?.slots?.map((s) => [s.code, s.message]),
      };
    });
    expect(comparable[0]).toEqual({
      status: "success",
      items: 2,
      code: "someResultsFailed",
      slots: [[refusal.code, refusal.message]],
    });
    expect(comparable[1]).toEqual(comparable[0]);
    expect(comparable[2]).toEqual(comparable[0]);
  });

  it("a webhook's error body is stored as the contract's error, scrubbed, never as the raw body", async () => {
    const script = scripted();
    const { keeper } = start(script);
    await keeper.start();
    const taskUUID = await newTask(1);
    track(keeper, taskUUID, 1);
    const key = "k-secret-webhook-key-123";
    const reader = createUpstreamClient({
      httpUrl: "http://127.0.0.1:1/v1",
      wsUrl: "ws://127.0.0.1:1/v1",
      apiKey: key,
    });
    const delivery = reader.readWebhook({
      taskUUID,
      code: "invalidApiKeyScope",
      message: `The key ${key} may not use this model.`,
      huge: "x".repeat(10_000),
    });
    if (delivery) await keeper.receive(delivery);
    const row = await settled(taskUUID);
    expect(row?.error).toEqual({
      code: "invalidApiKeyScope",
      message: "The key [redacted] may not use this model.",
    });
    await keeper.close();
    await reader.close();
  });
});

describe("a service slow to register a task", () => {
  it("polls a video only after its acknowledgement, with taskNotFound as 'not yet' for a while", async () => {
    const script = scripted();
    const { keeper } = start(script);
    await keeper.start();
    const taskUUID = await newTask(1, "videoInference");
    track(keeper, taskUUID, 1, "videoInference");
    await new Promise((r) => setTimeout(r, 50));
    expect(script.watches).toEqual([]);
    script.push({
      type: "item",
      taskUUID,
      item: { kind: "accepted", taskType: "videoInference", taskUUID, via: "ack" },
    });
    await expect.poll(() => script.watches.length).toBe(1);
    expect(script.watches[0]?.uuid).toBe(taskUUID);
    expect(script.watches[0]?.options?.notFoundGraceMs).toBeGreaterThanOrEqual(30_000);
    await keeper.close();
  });

  it("shows the socket's cause (modelNotFound), not the poll's taskNotFound, in one final event", async () => {
    // Tasks left in flight by the tests above are watched too (keeper.start): answers go by UUID.
    const answers = new Map<string, (outcome: WatchOutcome) => void>();
    const script = scripted((uuid) => new Promise((resolve) => answers.set(uuid, resolve)));
    const { keeper, log, tasks } = start(script);
    await keeper.start();
    const taskUUID = await newTask(2, "videoInference");
    track(keeper, taskUUID, 2, "videoInference");
    script.push({
      type: "error",
      taskUUID,
      error: { code: "modelNotFound", message: "The model was not found.", parameter: "model", taskUUID },
    });
    // One error for a task of two results: the poll says what became of the rest.
    await expect.poll(() => answers.has(taskUUID)).toBe(true);
    answers.get(taskUUID)?.({
      ok: false,
      error: { code: "taskNotFound", message: "Unknown task.", taskUUID },
      items: [],
    });
    const row = await settled(taskUUID);
    expect(row?.error).toMatchObject({ code: "modelNotFound", parameter: "model" });
    await log.flush();
    const finals = tasks.filter(
      (t) => t.taskUUID === taskUUID && (t.status === "error" || t.status === "success"),
    );
    expect(finals).toEqual([
      expect.objectContaining({ status: "error", error: expect.objectContaining({ code: "modelNotFound" }) }),
    ]);
    await keeper.close();
  });
});

describe("passing failures", () => {
  it("sends a task that failed with internalServerError again under a new UUID, saying 'retrying (2 of 3)'", async () => {
    const script = scripted();
    const { keeper, log, tasks } = start(script);
    await keeper.start();
    const taskUUID = await newTask(1);
    track(keeper, taskUUID, 1);
    script.push({
      type: "error",
      taskUUID,
      error: { code: "internalServerError", message: "The worker stopped.", taskUUID },
    });
    await expect.poll(() => script.sent.length).toBe(1);
    const again = script.sent[0]?.[0];
    expect(again?.taskUUID).not.toBe(taskUUID);
    expect(again).not.toHaveProperty("webhookURL");
    expect(again).toMatchObject({ positivePrompt: "a lighthouse" });
    const during = await getTask(database.db, taskUUID);
    expect(during?.status).toBe("processing");
    await log.flush();
    expect(tasks.at(-1)).toMatchObject({
      status: "processing",
      retry: { attempt: 2, of: 3 },
      error: { code: "internalServerError" },
    });
    // The retry's result is the task's.
    const retryUUID = String(again?.taskUUID);
    script.push({ type: "item", taskUUID: retryUUID, item: image(retryUUID) });
    const row = await settled(taskUUID);
    expect(row).toMatchObject({ status: "success", error: null });
    expect(row?.items).toHaveLength(1);
    await keeper.close();
  });

  it("gives up after three tries, and never sends a refusal again", async () => {
    const script = scripted();
    const { keeper } = start(script);
    await keeper.start();
    const busy = await newTask(1);
    track(keeper, busy, 1);
    let current = busy;
    for (let n = 0; n < 3; n++) {
      script.push({
        type: "error",
        taskUUID: current,
        error: { code: "rateLimitExceeded", message: "Too many requests.", taskUUID: current },
      });
      if (n < 2) {
        await expect.poll(() => script.sent.length).toBe(n + 1);
        current = String(script.sent[n]?.[0]?.taskUUID);
      }
    }
    expect(await settled(busy)).toMatchObject({ status: "error", error: { code: "rateLimitExceeded" } });
    expect(script.sent).toHaveLength(2);

    for (const code of ["insufficientCredits", "contentPolicyViolation", "invalidWidth", "invalidApiKey"]) {
      const refused = await newTask(1);
      track(keeper, refused, 1);
      script.push({ type: "error", taskUUID: refused, error: { code, message: "No.", taskUUID: refused } });
      expect(await settled(refused)).toMatchObject({ status: "error", error: { code } });
    }
    expect(script.sent).toHaveLength(2);
    await keeper.close();
  });
});
