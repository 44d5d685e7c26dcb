import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  openTestPglite,
  testBackends,
} from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import {
  createUpstreamClient,
  type Listener,
  type UpstreamClient,
  type UpstreamEvent,
  type WatchOptions,
  type WireTask,
} from "@/lib/upstream";
import { ResultKeeper } from "./keeper";
import { errorFields } from "./settle";

/**
 * A video the service fails while processing: whichever road the failure comes by (the poll's
 * answer, an error on the socket, the studio's webhook), and however many of them say it, the
 * task's author hears of its end once, in the service's words, and that event reads as the record
 * does.
 */

const refusal = {
  code: "contentPolicyViolation",
  message: "The prompt or the generated video was rejected by the content policy.",
};

let database: OpenedDatabase;
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-final-"));
const clients: UpstreamClient[] = [];

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-final");
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Poll = "processing" | "error";

/**
 * The service as the studio's client of it sees it: `getResponse` answered over HTTP by a double
 * (each poll's answer chosen by `answer`, at a fast pace), and a socket the test pushes to.
 */
function service(answer: (n: number) => Poll) {
  let polls = 0;
  const fetchDouble = (async (_url: string, init?: RequestInit) => {
    const [asked] = JSON.parse(String(init?.body)) as { taskUUID: string }[];
    const taskUUID = asked?.taskUUID ?? "";
    const status = answer(polls++);
    const item =
      status === "error"
        ? { taskType: "videoInference", taskUUID, status, error: refusal }
        : { taskType: "videoInference", taskUUID, status, progress: 50 };
    return new Response(JSON.stringify({ data: [item] }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  const client = createUpstreamClient(
    { httpUrl: "http://service.test/v1", wsUrl: "ws://127.0.0.1:1/v1", apiKey: "k-final-event" },
    { fetch: fetchDouble, options: { poll: { initialMs: 1, factor: 1, maxMs: 1 } } },
  );
  clients.push(client);
  const listeners: Listener[] = [];
  const socket = {
    onMessage(l: Listener) {
      listeners.push(l);
      return () => undefined;
    },
    start() {},
    async send() {},
  };
  const upstream = { ...client, socket } as unknown as UpstreamClient;
  const push = (event: UpstreamEvent) => {
    for (const l of listeners) l(event);
  };
  /** Runs `also` each time the poll reports progress, right after the studio heard it. */
  const onProgress = (also: (progress: number) => void) => {
    upstream.watch = (uuid: string, options?: WatchOptions) =>
      client.watch(uuid, {
        ...options,
        onProgress: (progress, items) => {
          options?.onProgress?.(progress, items);
          also(progress);
        },
      });
  };
  return { upstream, push, onProgress, webhook: client };
}

function socketError(taskUUID: string): UpstreamEvent {
  return { type: "error", taskUUID, error: { ...refusal, taskType: "videoInference", taskUUID } };
}

const webhookBody = (taskUUID: string) => ({
  taskType: "videoInference",
  taskUUID,
  status: "error",
  error: refusal,
});

async function videoTask(opened: OpenedDatabase): Promise<string> {
  const taskUUID = crypto.randomUUID();
  await recordTasks(opened.db, authorId, [
    {
      taskType: "videoInference",
      taskUUID,
      positivePrompt: "a harbour at dawn",
      model: "local:video@3.0-prime",
    },
  ]);
  return taskUUID;
}

function keeperOn(opened: OpenedDatabase, upstream: UpstreamClient) {
  const log = new EventLog();
  const updates: TaskUpdate[] = [];
  log.subscribe((e) => {
    if (e.type === "task") updates.push(e.task);
  });
  const keeper = new ResultKeeper({
    db: opened.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream,
    log,
    upstreamOrigin: "http://service.test",
    retryDelay: () => 5,
  });
  return { keeper, log, updates };
}

function track(keeper: ResultKeeper, taskUUID: string, pollAfterMs: number) {
  const wire = { taskType: "videoInference", taskUUID, positivePrompt: "a harbour at dawn" } as WireTask;
  keeper.track(
    { taskUUID, taskType: "videoInference", authorId, authorName: "Ada", params: {}, itemCount: 1, wire },
    pollAfterMs,
  );
}

const isFinal = (u: TaskUpdate) => u.status === "success" || u.status === "error";

/**
 * Waits for the record to end and for each keeper to let go of the task (it announces the end
 * before it does), then for every event published by then to be delivered.
 */
async function ended(opened: OpenedDatabase, taskUUID: string, keepers: ReturnType<typeof keeperOn>[]) {
  await expect
    .poll(async () => (await getTask(opened.db, taskUUID))?.status, { timeout: 10_000 })
    .toMatch(/success|error/);
  await expect.poll(() => keepers.every((k) => k.keeper.inFlight === 0), { timeout: 10_000 }).toBe(true);
  for (const { log } of keepers) await log.flush();
  return getTask(opened.db, taskUUID);
}

/** The one final event of the task, checked against its record. */
async function expectOneEnd(opened: OpenedDatabase, taskUUID: string, updates: TaskUpdate[]) {
  const finals = updates.filter((u) => u.taskUUID === taskUUID && isFinal(u));
  expect(finals.map((u) => ({ status: u.status, error: u.error }))).toEqual([
    { status: "error", error: refusal },
  ]);
  const row = await getTask(opened.db, taskUUID);
  expect(row?.status).toBe("error");
  expect(row?.error).toEqual(refusal);
  const [final] = finals;
  expect({ status: final?.status, ...errorFields(row?.error ?? null) }).toEqual({
    status: row?.status,
    ...errorFields(final?.error ?? null),
  });
  // Nothing is announced after the end.
  expect(updates.filter((u) => u.taskUUID === taskUUID).at(-1)).toBe(final);
}

describe("a video the service fails while processing", () => {
  it("by the poll's answer: one final event, carrying the service's reason", async () => {
    const { upstream } = service(() => "error");
    const kept = keeperOn(database, upstream);
    const { keeper, updates } = kept;
    await keeper.start();
    const taskUUID = await videoTask(database);
    track(keeper, taskUUID, 0);
    await ended(database, taskUUID, [kept]);
    await expectOneEnd(database, taskUUID, updates);
    await keeper.close();
  });

  it("by an error on the socket while the poll's progress is being recorded", async () => {
    const { upstream, push, onProgress } = service(() => "processing");
    const kept = keeperOn(database, upstream);
    const { keeper, updates } = kept;
    const taskUUID = await videoTask(database);
    onProgress(() => push(socketError(taskUUID)));
    await keeper.start();
    track(keeper, taskUUID, 0);
    await ended(database, taskUUID, [kept]);
    await expectOneEnd(database, taskUUID, updates);
    await keeper.close();
  });

  it("by the studio's webhook while the poll's progress is being recorded", async () => {
    const { upstream, onProgress, webhook } = service(() => "processing");
    const kept = keeperOn(database, upstream);
    const { keeper, updates } = kept;
    const taskUUID = await videoTask(database);
    const delivery = webhook.readWebhook(webhookBody(taskUUID));
    expect(delivery?.errors).toEqual([{ ...refusal, taskType: "videoInference", taskUUID }]);
    onProgress(() => {
      if (delivery) void keeper.receive(delivery);
    });
    await keeper.start();
    track(keeper, taskUUID, 0);
    await ended(database, taskUUID, [kept]);
    await expectOneEnd(database, taskUUID, updates);
    await keeper.close();
  });

  it("reported by the poll, the socket and the webhook alike, then by a failed hand-over: one end", async () => {
    const { upstream, push, webhook } = service(() => "error");
    const kept = keeperOn(database, upstream);
    const { keeper, updates } = kept;
    await keeper.start();
    const taskUUID = await videoTask(database);
    track(keeper, taskUUID, 0);
    push(socketError(taskUUID));
    const delivery = webhook.readWebhook(webhookBody(taskUUID));
    if (delivery) await keeper.receive(delivery);
    await ended(database, taskUUID, [kept]);
    // Late reports of the same failure, and a hand-over that gave up on the task meanwhile.
    push(socketError(taskUUID));
    if (delivery) await keeper.receive(delivery);
    await keeper.fail(taskUUID, { code: "serviceUnavailable", message: "The service could not be reached." });
    await ended(database, taskUUID, [kept]);
    await expectOneEnd(database, taskUUID, updates);
    await keeper.close();
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "two studios hearing one failure"),
    () => {
      let pair: InstancePair;

      beforeAll(async () => {
        pair = await openInstancePair(backend);
        await createTestUser(pair.a, authorId);
      }, 60_000);

      afterAll(async () => {
        await pair?.dispose();
      });

      it("the one watching it by its socket, the other by the webhook at once: one final event", async () => {
        // Polls that never finish: the failure comes by the socket and the webhook only.
        const a = service(() => "processing");
        const b = service(() => "processing");
        const one = keeperOn(pair.a, a.upstream);
        const other = keeperOn(pair.b, b.upstream);
        await one.keeper.start();
        await other.keeper.start();
        const taskUUID = await videoTask(pair.a);
        track(one.keeper, taskUUID, 60_000);
        const delivery = b.webhook.readWebhook(webhookBody(taskUUID));
        const received = delivery ? other.keeper.receive(delivery) : Promise.resolve();
        a.push(socketError(taskUUID));
        await received;
        await ended(pair.a, taskUUID, [one, other]);
        await expectOneEnd(pair.a, taskUUID, [...one.updates, ...other.updates]);
        await one.keeper.close();
        await other.keeper.close();
      });
    },
  );
}
