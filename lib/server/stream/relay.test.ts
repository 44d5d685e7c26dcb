import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { StreamEvent } from "@/lib/studio/stream-events";
import { EventLog } from "./event-log";
import { createRelay, type Relay } from "./relay";
import { galleryItem as item, taskUpdate as task } from "./test-support";

let server: Server;
let relay: Relay;
let log: EventLog;
let origin: string;

beforeEach(async () => {
  log = new EventLog();
  relay = createRelay({
    log,
    // The test's "cookie" is the user id itself.
    authenticate: async (req) => {
      const cookie = req.headers.cookie ?? "";
      return cookie.startsWith("user=") ? { userId: cookie.slice(5) } : null;
    },
    pingMs: 60_000,
  });
  server = createServer();
  server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await relay.close();
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

describe("relay", () => {
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

  it("closes a socket whose reader fell too far behind (1013)", async () => {
    await relay.close();
    relay = createRelay({
      log,
      authenticate: async () => ({ userId: "u1" }),
      maxBufferedBytes: 1,
      pingMs: 60_000,
    });
    const slow = await connect("u1");
    const closed = new Promise<number>((resolve) => slow.ws.on("close", (code) => resolve(code)));
    slow.ws.pause();
    const big = { ...item("big"), prompt: "x".repeat(200_000) };
    for (let i = 0; i < 50; i++) log.publishItem({ ...big, id: `big-${i}` });
    slow.ws.resume();
    expect(await closed).toBe(1013);
  });
});
