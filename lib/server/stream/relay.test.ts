import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { logger } from "@/lib/platform/logger";
import { type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import { EventLog } from "./event-log";
import { DatabaseEventStore } from "./event-store";
import {
  CORK_MS,
  createRelay,
  MAX_FRAME_BYTES,
  type Relay,
  type RelayOptions,
  type StreamMember,
} from "./relay";
import { galleryItem as item, taskUpdate as task } from "./test-support";

let server: Server;
let relay: Relay;
let log: EventLog;
/** The backend's database while its tests run (PGlite, and PostgreSQL when configured). */
let database: TestDatabase | undefined;
let origin: string;
let socketErrors: Error[];
/** Sessions the test's recheck answers for, by id, with their role. */
let standing: Map<string, string>;

/** The test's "cookie" is `user=<id>` or `user=<id>/<session>`; the session defaults to `s-<id>`. */
function memberOf(cookie: string): StreamMember | null {
  if (!cookie.startsWith("user=")) return null;
  const [userId = "", sessionId = `s-${userId}`] = cookie.slice(5).split("/");
  return { userId, sessionId, role: standing.get(sessionId) ?? "viewer" };
}

function startRelay(extra: Partial<RelayOptions> = {}): Relay {
  return createRelay({
    log,
    authenticate: async (req) => memberOf(req.headers.cookie ?? ""),
    recheck: async (sessionId) => {
      const role = standing.get(sessionId);
      return role === undefined ? null : { role };
    },
    onSocketError: (err) => socketErrors.push(err),
    pingMs: 60_000,
    ...extra,
  });
}

beforeEach(async () => {
  if (!database) throw new Error("no database");
  log = new EventLog({ store: new DatabaseEventStore(database) });
  await log.start();
  socketErrors = [];
  standing = new Map([
    ["s-u1", "viewer"],
    ["s-u2", "viewer"],
  ]);
  relay = startRelay();
  server = createServer();
  server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await relay.close();
  await log.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Client {
  ws: WebSocket;
  events: StreamEvent[];
  next(type: StreamEvent["type"]): Promise<StreamEvent>;
}

function connect(user: string | null, query = "", headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace("http", "ws")}/api/stream${query}`, {
      headers: { origin, ...(user ? { cookie: `user=${user}` } : {}), ...headers },
    });
    const events: StreamEvent[] = [];
    const waiters: { type: string; resolve: (e: StreamEvent) => void }[] = [];
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as StreamEvent;
      events.push(event);
      const i = waiters.findIndex((w) => w.type === event.type);
      if (i >= 0) waiters.splice(i, 1)[0]?.resolve(event);
    });
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on("error", reject);
    ws.on("open", () =>
      resolve({
        ws,
        events,
        next: (type) => {
          const seen = events.find((e) => e.type === type && !(e as { taken?: boolean }).taken);
          if (seen) {
            (seen as { taken?: boolean }).taken = true;
            return Promise.resolve(seen);
          }
          return new Promise((r) =>
            waiters.push({
              type,
              resolve: (e) => {
                (e as { taken?: boolean }).taken = true;
                r(e);
              },
            }),
          );
        },
      }),
    );
  });
}

describe.each(testBackends.filter((b) => !b.skip))("relay on $name", (backend) => {
  beforeAll(async () => {
    database = await backend.open();
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("refuses a socket without a session (401) and one from another origin (403)", async () => {
    await expect(connect(null)).rejects.toThrow("HTTP 401");
    await expect(connect("u1", "", { origin: "https://evil.example" })).rejects.toThrow("HTTP 403");
  });

  it("greets with the epoch and pushes the team's items and only the user's own tasks", async () => {
    const a = await connect("u1");
    const b = await connect("u2");
    const hello = await a.next("hello");
    expect(hello).toMatchObject({ type: "hello", epoch: log.epoch, userId: "u1" });
    log.publishTask("u2", task("t"));
    log.publishItem(item("x"));
    expect(await a.next("item")).toMatchObject({ item: { id: "x" } });
    expect(await b.next("task")).toMatchObject({ task: { taskUUID: "t" } });
    await b.next("item");
    expect(a.events.some((e) => e.type === "task")).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it("replays what a reconnecting tab missed, and asks a too-old tab to refetch", async () => {
    const first = await connect("u1");
    const hello = await first.next("hello");
    first.ws.close();
    log.publishItem(item("while-away-1"));
    log.publishItem(item("while-away-2"));
    const back = await connect("u1", `?epoch=${log.epoch}&since=${hello.seq}`);
    await back.next("hello");
    await back.next("item");
    await back.next("item");
    expect(
      back.events.filter((e) => e.type === "item").map((e) => (e.type === "item" ? e.item.id : "")),
    ).toEqual(["while-away-1", "while-away-2"]);
    back.ws.close();
    const stale = await connect("u1", "?epoch=old-epoch&since=3");
    expect(await stale.next("reset")).toMatchObject({ type: "reset", epoch: log.epoch });
    stale.ws.close();
  });

  it("delivers what another instance publishes, and resumes a tab that was on another instance", async () => {
    if (!database) throw new Error("no database");
    const other = new EventLog({ store: new DatabaseEventStore(database) });
    await other.start();
    try {
      const tab = await connect("u1");
      const hello = await tab.next("hello");
      other.publishItem(item("from-b"));
      expect(await tab.next("item")).toMatchObject({ item: { id: "from-b" } });
      tab.ws.close();
      // Away from this instance, the tab saw everything through `since` on the other one.
      other.publishItem(item("seen-on-b"));
      await other.flush();
      const since = other.lastSeq;
      other.publishItem(item("missed"));
      await other.flush();
      await expect.poll(() => log.lastSeq).toBeGreaterThanOrEqual(other.lastSeq);
      const back = await connect("u1", `?epoch=${other.epoch}&since=${since}`);
      expect(await back.next("hello")).toMatchObject({ epoch: hello.epoch });
      expect(await back.next("item")).toMatchObject({ item: { id: "missed" } });
      expect(back.events.filter((e) => e.type === "item")).toHaveLength(1);
      back.ws.close();
    } finally {
      await other.close();
    }
  });

  it("closes a socket whose reader fell too far behind (1013)", async () => {
    await relay.close();
    // In memory: more than the kernel's socket buffers can take, and quickly.
    await log.close();
    log = new EventLog();
    await log.start();
    relay = startRelay({ maxBufferedBytes: 1 });
    const slow = await connect("u1");
    await slow.next("hello");
    const closed = new Promise<number>((resolve) => slow.ws.on("close", (code) => resolve(code)));
    slow.ws.pause();
    const big = { ...item("big"), prompt: "x".repeat(200_000) };
    for (let i = 0; i < 50; i++) log.publishItem({ ...big, id: `big-${i}` });
    await log.flush();
    // A window's events leave in one write: what is still unsent at the next write is too much.
    await new Promise((r) => setTimeout(r, CORK_MS * 2));
    log.publishItem(item("next"));
    await log.flush();
    slow.ws.resume();
    expect(await closed).toBe(1013);
  }, 60_000);

  it("many events in one window: each socket gets its member's, in order, once, while a paused one waits", async () => {
    const a = await connect("u1");
    const b = await connect("u1/other");
    const c = await connect("u2");
    const paused = await connect("u2/paused");
    await Promise.all([a, b, c, paused].map((s) => s.next("hello")));
    paused.ws.pause();
    const ids = (s: Client) =>
      s.events.flatMap((e) =>
        e.type === "item" ? [e.item.id] : e.type === "task" ? [`task:${e.task.taskUUID}`] : [],
      );
    const forU1: string[] = [];
    const forU2: string[] = [];
    for (let i = 0; i < 300; i++) {
      if (i % 3 === 0) {
        log.publishTask("u1", task(`t${i}`));
        forU1.push(`task:t${i}`);
      } else if (i % 7 === 0) {
        log.publishTask("u2", task(`t${i}`));
        forU2.push(`task:t${i}`);
      } else {
        log.publishItem(item(`i${i}`));
        forU1.push(`i${i}`);
        forU2.push(`i${i}`);
      }
    }
    await log.flush();
    await expect.poll(() => ids(a).length).toBe(forU1.length);
    await expect.poll(() => ids(b).length).toBe(forU1.length);
    await expect.poll(() => ids(c).length).toBe(forU2.length);
    expect(ids(a)).toEqual(forU1);
    expect(ids(b)).toEqual(forU1);
    expect(ids(c)).toEqual(forU2);
    expect(ids(paused)).toEqual([]);
    paused.ws.resume();
    await expect.poll(() => ids(paused).length).toBe(forU2.length);
    expect(ids(paused)).toEqual(forU2);
    for (const s of [a, b, c, paused]) s.ws.close();
  });

  it("closes a socket that sends a frame over the limit (1009), reports it once, and serves the others", async () => {
    const loud = await connect("u1");
    const quiet = await connect("u2");
    await quiet.next("hello");
    const closed = closeOf(loud.ws);
    loud.ws.send("x".repeat(MAX_FRAME_BYTES + 1));
    expect((await closed).code).toBe(1009);
    expect(socketErrors).toHaveLength(1);
    expect(socketErrors[0]?.message).toMatch(/payload/i);
    log.publishItem(item("after"));
    expect(await quiet.next("item")).toMatchObject({ item: { id: "after" } });
    quiet.ws.close();
  });

  it("closes the sockets of an ended session (4401) or a changed role (4409) at once", async () => {
    const phone = await connect("u1/phone");
    const laptop = await connect("u1/laptop");
    const other = await connect("u2");
    await Promise.all([phone.next("hello"), laptop.next("hello"), other.next("hello")]);

    const phoneClosed = closeOf(phone.ws);
    expect(relay.disconnect({ userId: "u1", sessionId: "phone" }, "sessionEnded")).toBe(1);
    // Published before the close reaches the browser: the ended session still gets nothing.
    log.publishItem(item("while-closing"));
    expect(await phoneClosed).toEqual({ code: 4401, reason: "Session ended" });
    expect(phone.events.some((e) => e.type === "item")).toBe(false);
    await laptop.next("item");
    await other.next("item");

    const laptopClosed = closeOf(laptop.ws);
    expect(relay.disconnect({ userId: "u1" }, "roleChanged")).toBe(1);
    expect(await laptopClosed).toEqual({ code: 4409, reason: "Role changed" });
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });

  it("rechecks every socket's session periodically: an expired session closes, a new role reconnects", async () => {
    await relay.close();
    relay = startRelay({ recheckMs: 50 });
    const expiring = await connect("u1");
    const promoted = await connect("u2");
    await Promise.all([expiring.next("hello"), promoted.next("hello")]);
    const expired = closeOf(expiring.ws);
    const changed = closeOf(promoted.ws);
    standing.delete("s-u1");
    standing.set("s-u2", "editor");
    expect((await expired).code).toBe(4401);
    expect((await changed).code).toBe(4409);
  });

  it("keeps sockets open while their sessions cannot be checked", async () => {
    await relay.close();
    const failing = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    relay = startRelay({
      recheck: async () => {
        throw new Error("database away");
      },
    });
    const client = await connect("u1");
    await client.next("hello");
    await relay.recheckNow();
    await relay.recheckNow();
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    expect(failing).toHaveBeenCalledTimes(1);
    failing.mockRestore();
    client.ws.close();
  });
});

function closeOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
}
