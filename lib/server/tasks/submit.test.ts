import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServiceError } from "@/lib/protocol/errors";
import type { SessionUser } from "@/lib/server/auth/caller";
import { getTask, markTask, recordItem, recordTasks } from "@/lib/server/db";
import { versionTask } from "@/lib/server/db/schema";
import type { StoredTaskError } from "@/lib/server/db/schema/studio";
import { createTestUser, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { MemberQueue } from "@/lib/server/limits/member-queue";
import type { StudioRefs } from "@/lib/server/results/studio-refs";
import { LocalMediaStorage } from "@/lib/server/storage/local-media-storage";
import { DEFAULT_STUDIO_LIMITS, type StudioLimits } from "@/lib/studio/limits/limits";
import { createUpstreamClient, type UpstreamClient, type WireTask } from "@/lib/upstream";
import { handOverOrFail, type Job, RETRY_AFTER_SECONDS } from "./hand-over";
import { type SubmitDeps, submitTasks } from "./submit";

const image = (extra: Record<string, unknown> = {}) => ({
  taskType: "imageInference",
  taskUUID: randomUUID(),
  positivePrompt: "a lighthouse on a cliff at dusk",
  model: "runware:100@1",
  width: 512,
  height: 512,
  ...extra,
});

let database: TestDatabase;
let mediaRoot: string;
let ann: SessionUser;
let bob: SessionUser;

beforeAll(async () => {
  database = await (testBackends[0] as (typeof testBackends)[number]).open();
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), "submit-media-"));
  ann = { id: await createTestUser(database, "ann"), name: "Ann", email: "ann@example.com", role: "editor" };
  bob = { id: await createTestUser(database, "bob"), name: "Bob", email: "bob@example.com", role: "editor" };
}, 60_000);

afterAll(async () => {
  await database?.dispose();
  fs.rmSync(mediaRoot, { recursive: true, force: true });
});

/** A socket that records what it is given and writes at once; a keeper that records and finishes. */
interface Setup {
  deps: SubmitDeps;
  sent: string[][];
  finish(member: SessionUser, taskUUID: string): void;
  failed: Map<string, ServiceError>;
}

function setup(limits: Partial<StudioLimits> = {}, send?: UpstreamClient["socket"]["send"]): Setup {
  const sent: string[][] = [];
  const failed = new Map<string, ServiceError>();
  const caps: StudioLimits = { ...DEFAULT_STUDIO_LIMITS, ...limits };
  const socket = {
    send:
      send ??
      (async (tasks: readonly WireTask[]) => {
        sent.push(tasks.map((t) => String(t.taskUUID)));
      }),
    status: () => ({ retryAt: null }),
  } as unknown as UpstreamClient["socket"];
  const upstream = { socket } as UpstreamClient;
  const keeper = {
    track: () => undefined,
    fail: async (taskUUID: string, error: ServiceError) => {
      failed.set(taskUUID, error);
      await markTask(database.db, taskUUID, { status: "error", error: error as StoredTaskError });
    },
  };
  const queue: MemberQueue<Job> = new MemberQueue<Job>(
    () => caps,
    (_member, jobs) => void handOverOrFail({ upstream, keeper }, jobs),
  );
  const deps: SubmitDeps = {
    db: database.db,
    storage: new LocalMediaStorage(mediaRoot),
    upstream,
    keeper,
    refs: { resolve: async (task: Record<string, unknown>) => task } as unknown as StudioRefs,
    videoModel: "local:video@3.0-prime",
    limits: () => caps,
    queue,
  };
  return { deps, sent, failed, finish: (member, taskUUID) => queue.finished(member.id, taskUUID) };
}

describe("submitTasks: caps per request", () => {
  it("refuses more tasks than the cap in one request, naming the cap, before parsing any", async () => {
    const { deps, sent } = setup();
    const tasks = Array.from({ length: 10_000 }, () => image());
    const outcome = await submitTasks(deps, ann, tasks);
    expect(outcome.status).toBe(400);
    expect(outcome.body.errors).toEqual([
      expect.objectContaining({ code: "tooManyTasks", parameter: "tasksPerRequest" }),
    ]);
    expect(outcome.body.errors?.[0]?.message).toMatch(/at most 50, and this request has 10000/);
    expect(sent).toEqual([]);
    expect(await getTask(database.db, tasks[0]?.taskUUID ?? "")).toBeNull();
  });

  it("refuses more results than the cap, numberResults of all tasks summed", async () => {
    const { deps, sent } = setup();
    const tasks = Array.from({ length: 6 }, () => image({ numberResults: 20 }));
    const outcome = await submitTasks(deps, ann, tasks);
    expect(outcome.status).toBe(400);
    expect(outcome.body.errors).toEqual([
      expect.objectContaining({ code: "tooManyResults", parameter: "resultsPerRequest" }),
    ]);
    expect(sent).toEqual([]);
  });
});

describe("submitTasks: a fair share per member", () => {
  it("sends a member's tasks up to their share, keeps the rest in order, and lets another member through", async () => {
    const { deps, sent, finish } = setup({ activePerMember: 2, waitingPerMember: 3 });
    const flood = Array.from({ length: 5 }, () => image());
    const annOutcome = await submitTasks(deps, ann, flood);
    expect(annOutcome.status).toBe(202);
    expect(annOutcome.body.data?.map((a) => a.taskUUID)).toEqual(flood.map((t) => t.taskUUID));
    expect(sent).toEqual([[flood[0]?.taskUUID, flood[1]?.taskUUID]]);

    const bobTask = image();
    expect((await submitTasks(deps, bob, [bobTask])).status).toBe(202);
    expect(sent.at(-1)).toEqual([bobTask.taskUUID]);

    const more = await submitTasks(deps, ann, [image()]);
    expect(more.status).toBe(429);
    expect(more.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(more.body.errors?.[0]).toMatchObject({
      code: "tooManyTasksWaiting",
      parameter: "waitingPerMember",
    });

    finish(ann, String(flood[0]?.taskUUID));
    await new Promise((r) => setImmediate(r));
    expect(sent.at(-1)).toEqual([flood[2]?.taskUUID]);
  });
});

describe("submitTasks: the service out of reach", () => {
  let client: UpstreamClient;
  let port: number;

  beforeEach(async () => {
    // A port that was free a moment ago: nothing listens there, every connection is refused.
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    client = createUpstreamClient(
      { httpUrl: `http://127.0.0.1:${port}/v1`, wsUrl: `ws://127.0.0.1:${port}/v1`, apiKey: "k" },
      { options: { ws: { reconnect: { baseMs: 20, capMs: 100 }, closeGraceMs: 50 } } },
    );
  });

  it("answers a retryable 503 in bounded time, records the tasks as not sent, and never sends them", async () => {
    const { deps } = setup({ activePerMember: 1 }, (tasks, deadline) => client.socket.send(tasks, deadline));
    deps.handOverMs = 300;
    const tasks = [image(), image()];
    try {
      const outcome = await submitTasks(deps, ann, tasks);
      expect(outcome.status).toBe(503);
      expect(outcome.headers?.["Retry-After"]).toMatch(/^\d+$/);
      expect(outcome.body.errors?.map((e) => [e.code, e.taskUUID])).toEqual(
        tasks.map((t) => ["serviceUnavailable", t.taskUUID]),
      );
      for (const t of tasks) {
        const row = await getTask(database.db, t.taskUUID);
        expect(row?.status).toBe("error");
        expect(row?.error?.message).toMatch(/not sent/);
      }
      // Nothing of it waits to go out when the service is back, and nothing waits in the studio.
      expect(client.socket.status().queued).toBe(0);
      expect(deps.queue.usage(ann.id)).toEqual({ active: 0, waiting: 0 });
      // The same task sent again is not sent twice: its record says it ended.
      const again = await submitTasks(deps, ann, [tasks[0]]);
      expect(again.status).toBe(409);
    } finally {
      await client.close();
    }
  });

  it("answers 503 at once while the key is refused, with Retry-After at the socket's next try", async () => {
    const { deps } = setup({ activePerMember: 2 });
    const retryAt = Date.now() + 4_200;
    deps.upstream = {
      socket: {
        send: () =>
          Promise.reject({ code: "invalidApiKey", message: "Invalid API key.", parameter: "apiKey" }),
        status: () => ({ retryAt }),
      },
    } as unknown as UpstreamClient;
    const outcome = await submitTasks(deps, ann, [image()]);
    expect(outcome.status).toBe(503);
    const seconds = Number(outcome.headers?.["Retry-After"]);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThan(RETRY_AFTER_SECONDS);
    expect(outcome.body.errors?.[0]).toMatchObject({ code: "serviceUnavailable" });
  });
});

describe("submitTasks: a task sent as a new version", () => {
  it("takes the studio's version keys off what it records and sends, and links the task to the stack", async () => {
    const wires: WireTask[] = [];
    const { deps } = setup({}, async (tasks) => {
      wires.push(...tasks);
    });
    const base = image();
    await recordTasks(database.db, ann.id, [base]);
    const mediaUUID = randomUUID();
    const { item } = await recordItem(database.db, {
      taskUUID: base.taskUUID,
      mediaUUID,
      kind: "image",
      mime: "image/png",
      width: 64,
      height: 64,
      seed: 1,
      storageKey: `items/test/${mediaUUID}.png`,
      bytes: 1,
    });
    const next = image({ versionOf: item.id });
    const outcome = await submitTasks(deps, ann, [next]);
    expect(outcome.status).toBe(202);
    await expect.poll(() => wires.length).toBe(1);
    expect(wires[0]).not.toHaveProperty("versionOf");
    expect((await getTask(database.db, next.taskUUID))?.params).not.toHaveProperty("versionOf");
    const [link] = await database.db
      .select()
      .from(versionTask)
      .where(eq(versionTask.taskUUID, next.taskUUID));
    expect(link).toMatchObject({ stackId: item.id, baseItemId: item.id, requestedBy: ann.id });
  });

  it("refuses a version of no item, naming versionOf, and sends nothing", async () => {
    const { deps, sent } = setup();
    const outcome = await submitTasks(deps, ann, [image({ versionOf: randomUUID() })]);
    expect(outcome.status).toBe(400);
    expect(outcome.body.errors).toEqual([
      expect.objectContaining({ code: "itemNotFound", parameter: "versionOf" }),
    ]);
    expect(sent).toEqual([]);
  });
});
