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
import { readmit, wireFromRecord } from "@/lib/server/tasks/readmit";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import type {
  ImageItem,
  Listener,
  PollOutcome,
  UpstreamClient,
  UpstreamEvent,
  WatchOptions,
  WatchOutcome,
  WireTask,
} from "@/lib/upstream";
import { type Flight, type KeeperDeps, ResultKeeper } from "./keeper";
import { MAX_RESENDS } from "./resends";

/**
 * A task the service does not know is sent again under its own UUID, a bounded number of times,
 * and a result that comes after all is kept once. After a restart, the tasks the service does not
 * know are handed back in their order, and those it holds are watched.
 */

let database: OpenedDatabase;
let server: Server;
let origin = "";
let authorId = "";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-resends-"));

beforeAll(async () => {
  database = await openTestPglite();
  authorId = await createTestUser(database, "author-resends");
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#118833" } })
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

interface Sent {
  tasks: WireTask[];
  again: boolean;
}

/** A scripted service: `watch` and `poll` answer per UUID; socket events are pushed by the test. */
function scripted(answers: {
  watch?: (uuid: string, options?: WatchOptions) => Promise<WatchOutcome>;
  poll?: (uuid: string) => Promise<PollOutcome>;
}) {
  const listeners: Listener[] = [];
  const sent: Sent[] = [];
  const upstream = {
    socket: {
      onMessage(l: Listener) {
        listeners.push(l);
        return () => undefined;
      },
      start() {},
      async send(tasks: readonly WireTask[], _deadline?: AbortSignal, options?: { again?: boolean }) {
        sent.push({ tasks: [...tasks], again: options?.again === true });
      },
    },
    watch: (uuid: string, options?: WatchOptions) =>
      answers.watch?.(uuid, options) ??
      new Promise<WatchOutcome>((resolve) =>
        options?.signal?.addEventListener("abort", () =>
          resolve({ ok: false, error: { code: "requestAborted", message: "" }, items: [] }),
        ),
      ),
    poll: (uuid: string) =>
      answers.poll?.(uuid) ?? Promise.resolve({ ok: false, error: { code: "taskNotFound", message: "" } }),
  } as unknown as UpstreamClient;
  const push = (event: UpstreamEvent) => {
    for (const l of listeners) l(event);
  };
  return { upstream, sent, push };
}

const unknown = (uuid: string): WatchOutcome => ({
  ok: false,
  error: { code: "taskNotFound", message: `No task ${uuid}.`, taskUUID: uuid },
  items: [],
});

function image(taskUUID: string, id: string): ImageItem {
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
      seed: 3,
    },
  };
}

function keeperWith(upstream: UpstreamClient, extra: Partial<KeeperDeps> = {}) {
  return new ResultKeeper({
    db: database.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream,
    log: new EventLog(),
    upstreamOrigin: origin,
    retryDelay: () => 5,
    resendPollMs: 5,
    ...extra,
  });
}

async function newTask(prompt = "a lantern"): Promise<string> {
  const taskUUID = crypto.randomUUID();
  await recordTasks(database.db, authorId, [
    { taskType: "imageInference", taskUUID, positivePrompt: prompt, model: "runware:100@1" },
  ]);
  return taskUUID;
}

function track(keeper: ResultKeeper, taskUUID: string) {
  const wire = { taskType: "imageInference", taskUUID, positivePrompt: "a lantern" } as WireTask;
  keeper.track(
    { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 1, wire },
    5,
  );
}

async function ended(taskUUID: string) {
  await expect
    .poll(async () => (await getTask(database.db, taskUUID))?.status, { timeout: 15_000 })
    .toMatch(/success|error/);
  return getTask(database.db, taskUUID);
}

describe("a task the service does not know", () => {
  it("is sent again under its own UUID, and its result, arriving by two roads, is kept once", async () => {
    let watches = 0;
    const resultId = crypto.randomUUID();
    const script = scripted({
      watch: async (uuid, options) => {
        watches++;
        if (watches === 1) return unknown(uuid);
        const item = {
          status: "success" as const,
          index: 0,
          taskType: "imageInference",
          taskUUID: uuid,
          item: image(uuid, resultId),
        };
        options?.onItem?.(item);
        return { ok: true, items: [item] };
      },
    });
    const keeper = keeperWith(script.upstream);
    await keeper.start();
    const taskUUID = await newTask();
    track(keeper, taskUUID);
    await expect.poll(() => script.sent.length).toBe(1);
    expect(script.sent[0]).toEqual({ tasks: [expect.objectContaining({ taskUUID })], again: true });
    // The same result pushed on the socket too, as the service delivers it.
    script.push({ type: "item", taskUUID, item: image(taskUUID, resultId) });
    const row = await ended(taskUUID);
    expect(row?.status).toBe("success");
    expect(row?.items.map((i) => i.mediaUUID)).toEqual([resultId]);
    expect(script.sent).toHaveLength(1);
    await keeper.close();
  });

  it(`is sent again at most ${MAX_RESENDS} times, then ends with an error that says the service did not keep it`, async () => {
    const script = scripted({ watch: async (uuid) => unknown(uuid) });
    const keeper = keeperWith(script.upstream);
    await keeper.start();
    const taskUUID = await newTask();
    track(keeper, taskUUID);
    const row = await ended(taskUUID);
    expect(row?.status).toBe("error");
    expect(row?.error).toMatchObject({ code: "taskNotFound" });
    expect(row?.error?.message).toContain(`sent ${MAX_RESENDS + 1} times`);
    expect(script.sent.map((s) => s.tasks.map((t) => t.taskUUID))).toEqual(
      Array.from({ length: MAX_RESENDS }, () => [taskUUID]),
    );
    await keeper.close();
  });

  it("a result that arrives after the task ended is kept once, not twice", async () => {
    const script = scripted({ watch: async (uuid) => unknown(uuid) });
    const keeper = keeperWith(script.upstream);
    await keeper.start();
    const taskUUID = await newTask();
    track(keeper, taskUUID);
    await ended(taskUUID);
    const late = crypto.randomUUID();
    script.push({ type: "item", taskUUID, item: image(taskUUID, late) });
    script.push({ type: "item", taskUUID, item: image(taskUUID, late) });
    await expect.poll(async () => (await getTask(database.db, taskUUID))?.items.length).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect((await getTask(database.db, taskUUID))?.items.map((i) => i.mediaUUID)).toEqual([late]);
    await keeper.close();
  });
});

describe("tasks taken up after a restart", () => {
  it("those the service does not know go back in their order, under their own UUIDs; those it holds are watched", async () => {
    // Whatever earlier tests left in flight is taken up too: only these three are looked at.
    const [first, held, third] = [await newTask("one"), await newTask("two"), await newTask("three")];
    const ours = new Set([first, held, third]);
    let answerFirst: () => void = () => undefined;
    const script = scripted({
      poll: (uuid) => {
        if (uuid === held) return Promise.resolve({ ok: true, items: [] });
        // The oldest one's answer comes last: the order of the answers is not the tasks' order.
        if (uuid === first) return new Promise((resolve) => (answerFirst = () => resolve(unknown(uuid))));
        return Promise.resolve(unknown(uuid));
      },
    });
    const running: string[] = [];
    const unsent: string[][] = [];
    const watched: string[] = [];
    const watch = script.upstream.watch;
    (script.upstream as { watch: UpstreamClient["watch"] }).watch = (uuid, options) => {
      watched.push(uuid);
      return watch(uuid, options);
    };
    const keeper = keeperWith(script.upstream, {
      wireOf: async (flight: Flight) =>
        ({ taskType: "imageInference", taskUUID: flight.taskUUID }) as WireTask,
      requeue: {
        running: (_author, taskUUID) => running.push(taskUUID),
        unsent: (flights) => unsent.push(flights.map((f) => f.taskUUID).filter((id) => ours.has(id))),
      },
    });
    await keeper.start();
    await expect.poll(() => running.includes(held)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    // The third is not handed back before the first, whose answer is still awaited.
    expect(unsent.flat()).toEqual([]);
    answerFirst();
    await expect.poll(() => unsent.flat()).toEqual([first, third]);
    expect(watched).toContain(held);
    expect(watched).not.toContain(first);
    expect(watched).not.toContain(third);
    await keeper.close();
  });

  it("one that cannot be rebuilt ends failed, saying why, and its author hears it as any failed task", async () => {
    // Its upload address held credentials, which the studio does not keep: it cannot go again.
    const taskUUID = crypto.randomUUID();
    await recordTasks(database.db, authorId, [
      {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: "a kite",
        model: "runware:100@1",
        uploadEndpoint: "https://bucket.test/put?X-Signature=secret",
      },
    ]);
    const script = scripted({ poll: async (uuid) => unknown(uuid) });
    const log = new EventLog();
    const heard: { userId: string | null; task: TaskUpdate }[] = [];
    log.subscribe((event, audience) => {
      if (event.type === "task" && event.task.taskUUID === taskUUID) {
        heard.push({ userId: "userId" in audience ? audience.userId : null, task: event.task });
      }
    });
    const rebuild = {
      storage: new LocalMediaStorage(path.join(dir, "media")),
      refs: { resolve: async <T>(t: T) => t },
    };
    const readmitted: string[] = [];
    const keeper: ResultKeeper = keeperWith(script.upstream, {
      log,
      wireOf: (flight: Flight) => wireFromRecord(rebuild, flight),
      requeue: {
        running: () => undefined,
        unsent: (flights) =>
          void readmit(
            {
              ...rebuild,
              keeper,
              queue: { readmit: (_member, jobs) => void readmitted.push(...jobs.map((j) => j.taskUUID)) },
            },
            flights,
          ),
      },
    });
    await keeper.start();
    const row = await ended(taskUUID);
    expect(row).toMatchObject({
      status: "error",
      error: { code: "unsupportedParameter", parameter: "uploadEndpoint" },
    });
    expect(row?.error?.message).toMatch(/could not be sent again after the studio restarted/);
    expect(readmitted).not.toContain(taskUUID);
    // Told live to its author alone, with the words its card and the done alert show.
    await expect.poll(() => heard.map((h) => [h.userId, h.task.status])).toEqual([[authorId, "error"]]);
    expect(heard[0]?.task.error?.message).toMatch(/could not be sent again after the studio restarted/);
    await keeper.close();
  });

  it("without a member queue, the keeper sends them again itself, marked as possibly held", async () => {
    const taskUUID = await newTask("four");
    const script = scripted({ poll: async (uuid) => unknown(uuid) });
    const keeper = keeperWith(script.upstream, {
      wireOf: async (flight: Flight) =>
        ({ taskType: "imageInference", taskUUID: flight.taskUUID }) as WireTask,
    });
    await keeper.start();
    await expect
      .poll(() => script.sent.find((s) => s.tasks.some((t) => t.taskUUID === taskUUID)))
      .toEqual({ tasks: [expect.objectContaining({ taskUUID })], again: true });
    await keeper.close();
  });
});
