import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, listLeases, type OpenedDatabase, recordTasks } from "@/lib/server/db";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { EventLog } from "@/lib/server/stream/event-log";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import type {
  ImageItem,
  Listener,
  UpstreamClient,
  UpstreamEvent,
  WatchOptions,
  WatchOutcome,
} from "@/lib/upstream";
import { ResultKeeper } from "./keeper";
import { TaskLeases } from "./task-leases";

/**
 * Two studio instances' keepers on one database, each with its own socket to the service and its
 * own leases: a result is recorded once whichever of them receives it, and a task in flight is
 * watched by one of them, taken over by the other when that one stops or dies.
 */

let server: Server;
let origin = "";
let png: Buffer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-leases-"));

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#cc6633" } })
    .png()
    .toBuffer();
  server = createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { "content-type": "image/png" }).end(png), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function imageItem(taskUUID: string): ImageItem {
  const id = crypto.randomUUID();
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
      seed: 7,
    },
  };
}

type Watch = (taskUUID: string, options: WatchOptions | undefined) => Promise<WatchOutcome>;

/** A socket that can be pushed to, and polls that hang until aborted unless a task is given a result. */
function instance(opened: OpenedDatabase, holder: string, ttlMs = 60_000) {
  const listeners: Listener[] = [];
  const results = new Map<string, ImageItem>();
  const watched: string[] = [];
  const watch: Watch = async (taskUUID, options) => {
    watched.push(taskUUID);
    const item = results.get(taskUUID);
    if (item) {
      const finished = { status: "success" as const, index: 0, taskType: "imageInference", taskUUID, item };
      options?.onItem?.(finished);
      return { ok: true, items: [finished] };
    }
    return new Promise((resolve) =>
      options?.signal?.addEventListener("abort", () =>
        resolve({ ok: false, error: { code: "aborted", message: "stopped" }, items: [] } as WatchOutcome),
      ),
    );
  };
  const upstream = {
    socket: {
      onMessage(l: Listener) {
        listeners.push(l);
        return () => undefined;
      },
      start() {},
    },
    watch,
  } as unknown as UpstreamClient;
  const log = new EventLog();
  const events: StreamEvent[] = [];
  log.subscribe((e) => events.push(e));
  const leases = new TaskLeases(opened.db, holder, { ttlMs, sweepMs: 3_600_000 });
  const keeper = new ResultKeeper({
    db: opened.db,
    storage: new LocalMediaStorage(path.join(dir, "media")),
    upstream,
    log,
    upstreamOrigin: origin,
    leases,
  });
  const push = (event: UpstreamEvent) => {
    for (const l of listeners) l(event);
  };
  return { keeper, leases, events, push, results, watched };
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "two studios' keepers"), () => {
    let pair: InstancePair;
    let authorId = "";

    beforeAll(async () => {
      pair = await openInstancePair(backend);
      authorId = await createTestUser(pair.a, `author-${crypto.randomUUID().slice(0, 8)}`);
    }, 60_000);
    afterAll(async () => {
      await pair?.dispose();
    });

    /** A task recorded and sent through `a`: leased to it and tracked, as `submitTasks` does. */
    async function sendThrough(a: ReturnType<typeof instance>): Promise<string> {
      const taskUUID = crypto.randomUUID();
      await recordTasks(pair.a.db, authorId, [
        { taskType: "imageInference", taskUUID, positivePrompt: "a heron", model: "runware:100@1" },
      ]);
      expect(await a.leases.take([taskUUID])).toEqual([taskUUID]);
      a.keeper.track(
        { taskUUID, taskType: "imageInference", authorId, authorName: "Ada", params: {}, itemCount: 1 },
        0,
      );
      return taskUUID;
    }

    const itemEvents = (...of: ReturnType<typeof instance>[]) =>
      of.flatMap((i) => i.events.filter((e) => e.type === "item"));

    it("the same result pushed to both studios at once is recorded and announced once", async () => {
      const a = instance(pair.a, "A1");
      const b = instance(pair.b, "B1");
      await Promise.all([a.keeper.start(), b.keeper.start()]);
      const taskUUID = await sendThrough(a);
      const item = imageItem(taskUUID);
      a.push({ type: "item", taskUUID, item });
      b.push({ type: "item", taskUUID, item });
      await Promise.all([a.keeper.ingest(item, 0), b.keeper.ingest(item, 0)]);
      const task = await getTask(pair.a.db, taskUUID);
      expect(task?.items).toHaveLength(1);
      expect(task?.status).toBe("success");
      expect(itemEvents(a, b)).toHaveLength(1);
      // The ended task's lease is gone: its holder released it.
      expect((await listLeases(pair.a.db)).map((l) => l.taskUUID)).not.toContain(taskUUID);
      await Promise.all([a.keeper.close(), b.keeper.close()]);
    });

    it("a studio that stops hands its task over: the other claims it at its next sweep and records it once", async () => {
      const a = instance(pair.a, "A2");
      const b = instance(pair.b, "B2");
      await Promise.all([a.keeper.start(), b.keeper.start()]);
      const taskUUID = await sendThrough(a);
      await expect.poll(() => a.watched.includes(taskUUID)).toBe(true);
      b.results.set(taskUUID, imageItem(taskUUID));
      // Held by A: B's sweep leaves it.
      await b.keeper.sweep();
      expect(b.watched).not.toContain(taskUUID);
      await a.keeper.close();
      expect((await listLeases(pair.a.db)).find((l) => l.taskUUID === taskUUID)).toBeUndefined();
      await b.keeper.sweep();
      expect(b.watched).toContain(taskUUID);
      await expect.poll(async () => (await getTask(pair.b.db, taskUUID))?.status).toBe("success");
      expect((await getTask(pair.b.db, taskUUID))?.items).toHaveLength(1);
      expect(itemEvents(a, b)).toHaveLength(1);
      await b.keeper.close();
    });

    it("a studio that died loses its lease at expiry: the other takes over, the first lets go when it wakes", async () => {
      const a = instance(pair.a, "A3", 50);
      const b = instance(pair.b, "B3");
      await Promise.all([a.keeper.start(), b.keeper.start()]);
      const taskUUID = await sendThrough(a);
      await expect.poll(() => a.watched.includes(taskUUID)).toBe(true);
      b.results.set(taskUUID, imageItem(taskUUID));
      // A stops renewing (its sweeps are an hour apart here): after the lease's 50 ms it is B's.
      await new Promise((r) => setTimeout(r, 120));
      await b.keeper.sweep();
      expect(b.watched).toContain(taskUUID);
      await expect.poll(async () => (await getTask(pair.b.db, taskUUID))?.status).toBe("success");
      expect(a.keeper.inFlight).toBe(1);
      await a.keeper.sweep();
      expect(a.keeper.inFlight).toBe(0);
      expect((await getTask(pair.a.db, taskUUID))?.items).toHaveLength(1);
      expect(itemEvents(a, b)).toHaveLength(1);
      await Promise.all([a.keeper.close(), b.keeper.close()]);
    });

    it("a studio's renewals keep its task: the other's sweeps leave it alone", async () => {
      const a = instance(pair.a, "A4", 1_000);
      const b = instance(pair.b, "B4");
      await Promise.all([a.keeper.start(), b.keeper.start()]);
      const taskUUID = await sendThrough(a);
      // Three renewals 400 ms apart outlast the 1 s lease they renew.
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 400));
        await a.keeper.sweep();
        await b.keeper.sweep();
      }
      expect(b.watched).not.toContain(taskUUID);
      expect((await listLeases(pair.a.db)).find((l) => l.taskUUID === taskUUID)?.holder).toBe("A4");
      await Promise.all([a.keeper.close(), b.keeper.close()]);
    });
  });
}
