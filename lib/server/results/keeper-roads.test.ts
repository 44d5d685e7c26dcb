import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getTask, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import { item, task } from "@/lib/server/db/schema";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import { createUpstreamClient, type Listener, type UpstreamClient, type WireTask } from "@/lib/upstream";
import { ResultKeeper } from "./keeper";

/**
 * The same finished task delivered by the service's socket and by its webhook: the rows the
 * studio keeps (the task and each of its items) are the same, field for field, whichever road
 * the result took.
 */

let database: OpenedDatabase;
let server: Server;
let origin = "";
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-roads-"));

const refusal = {
  code: "nsfwContentDetected",
  message: "The generated content was flagged by the safety checker.",
};

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-roads");
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#3366aa" } })
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

/** A service whose socket the test pushes to and whose polls never end. */
function socketOnly() {
  const listeners: Listener[] = [];
  const upstream = {
    socket: {
      onMessage(l: Listener) {
        listeners.push(l);
        return () => undefined;
      },
      start() {},
      async send() {},
    },
    watch: (_uuid: string, options?: { signal?: AbortSignal }) =>
      new Promise((resolve) =>
        options?.signal?.addEventListener("abort", () =>
          resolve({ ok: false, error: { code: "requestAborted", message: "" }, items: [] }),
        ),
      ),
  } as unknown as UpstreamClient;
  const push = (event: Parameters<Listener>[0]) => {
    for (const l of listeners) l(event);
  };
  return { upstream, push };
}

async function keeperWithTask(upstream: UpstreamClient) {
  const keeper = new ResultKeeper({
    db: database.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream,
    log: new EventLog(),
    upstreamOrigin: origin,
    retryDelay: () => 5,
  });
  await keeper.start();
  const taskUUID = crypto.randomUUID();
  const input = { taskType: "imageInference", taskUUID, positivePrompt: "a harbour", model: "runware:100@1" };
  await recordTasks(database.db, authorId, [{ ...input, numberResults: 2 }]);
  const wire = { ...input, webhookURL: "https://studio/x" } as WireTask;
  keeper.track(
    { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 2, wire },
    60_000,
  );
  return { keeper, taskUUID };
}

const result = (taskUUID: string, imageUUID: string) => ({
  taskType: "imageInference",
  taskUUID,
  imageUUID,
  imageURL: `${origin}/m/${imageUUID}.png`,
  seed: 11,
  cost: 0.0013,
});

/** Every row of a task and its items, with its own ids and times put in words, to compare. */
async function rowsOf(taskUUID: string) {
  await expect
    .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 10_000 })
    .toMatch(/success|error/);
  const tasks = await database.db.select().from(task).where(eq(task.taskUUID, taskUUID));
  const items = await database.db.select().from(item).where(eq(item.taskUUID, taskUUID));
  const ids = new Map<string, string>();
  // A task's place in its queue is a time too (when it was recorded).
  const text = JSON.stringify({ tasks, items }, (key, value: unknown) =>
    value instanceof Date || (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) || key === "rank"
      ? "<time>"
      : value,
  );
  // Each road's task and items have their own UUIDs: named by order of first appearance.
  return JSON.parse(
    text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
      const key = id.toLowerCase();
      if (!ids.has(key)) ids.set(key, `<id ${ids.size}>`);
      return ids.get(key) as string;
    }),
  ) as unknown;
}

it("a result and a refusal leave the same task and item rows by webhook as by socket", async () => {
  const socket = socketOnly();
  const bySocket = await keeperWithTask(socket.upstream);
  const socketImage = crypto.randomUUID();
  socket.push({
    type: "item",
    taskUUID: bySocket.taskUUID,
    item: {
      kind: "image",
      taskType: "imageInference",
      taskUUID: bySocket.taskUUID,
      id: socketImage,
      result: result(bySocket.taskUUID, socketImage),
    },
  } as Parameters<Listener>[0]);
  socket.push({
    type: "error",
    taskUUID: bySocket.taskUUID,
    error: { ...refusal, taskUUID: bySocket.taskUUID, taskType: "imageInference" },
  } as Parameters<Listener>[0]);
  const socketRows = await rowsOf(bySocket.taskUUID);
  await bySocket.keeper.close();

  const byWebhook = await keeperWithTask(socketOnly().upstream);
  const reader = createUpstreamClient({
    httpUrl: "http://127.0.0.1:1/v1",
    wsUrl: "ws://127.0.0.1:1/v1",
    apiKey: "k-roads-test",
  });
  for (const body of [
    result(byWebhook.taskUUID, crypto.randomUUID()),
    { taskType: "imageInference", taskUUID: byWebhook.taskUUID, status: "error", error: refusal },
  ]) {
    const delivery = reader.readWebhook(body);
    expect(delivery).not.toBeNull();
    if (delivery) await byWebhook.keeper.receive(delivery);
  }
  const webhookRows = await rowsOf(byWebhook.taskUUID);
  await byWebhook.keeper.close();
  await reader.close();

  expect(webhookRows).toEqual(socketRows);
  expect(socketRows).toMatchObject({ tasks: [{ status: "success" }], items: [{}] });
});
