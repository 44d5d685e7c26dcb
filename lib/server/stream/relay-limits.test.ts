import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { STREAM_CLOSE } from "@/lib/studio/api/stream";
import type { PresenceEvent, StreamFrame } from "@/lib/studio/api/stream-events";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { MemoryPresenceBus } from "../presence/bus";
import { PresenceHub } from "../presence/hub";
import { EventLog } from "./event-log";
import { createRelay, type Relay } from "./relay";
import { MAX_SOCKETS_PER_MEMBER, MAX_SOCKETS_PER_SESSION } from "./stream-sockets";

/**
 * One account's script against the live stream: many sockets, each saying it is on one item.
 * The sockets past the caps are closed with their code; what the rest cost does not grow with
 * how many watch; and once they close, nothing of them is kept.
 */
const ITEM = presenceTarget("item", "11111111-1111-4111-8111-111111111111");

let server: Server;
let relay: Relay;
let log: EventLog;
let hub: PresenceHub;
let origin: string;
/** Subscriptions to the event log still open (the relay's fan-out, and one per socket while it is replaying). */
let subscribed: Set<unknown>;

beforeEach(async () => {
  log = new EventLog();
  await log.start();
  subscribed = new Set();
  const subscribe = log.subscribe.bind(log);
  log.subscribe = (listener) => {
    const off = subscribe(listener);
    const token = {};
    subscribed.add(token);
    return () => {
      subscribed.delete(token);
      off();
    };
  };
  hub = new PresenceHub({
    bus: new MemoryPresenceBus(),
    mayView: async () => true,
    nameOf: async (id) => `Member ${id}`,
  });
  await hub.start();
  relay = createRelay({
    log,
    // The cookie is `user=<member>/<session>`.
    authenticate: async (req) => {
      const [userId = "", sessionId = ""] = (req.headers.cookie ?? "").replace("user=", "").split("/");
      return userId ? { userId, sessionId, role: "viewer" } : null;
    },
    presence: hub,
    pingMs: 60_000,
  });
  server = createServer();
  server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await relay.close();
  await hub.close();
  await log.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Tab {
  ws: WebSocket;
  presence: PresenceEvent[];
  /** "hello" once the relay greets it, or the code and reason it was closed with first. */
  outcome: Promise<"hello" | { code: number; reason: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A tab of `who` (`member/session`), saying it is on `on` as soon as it opens. */
function tabOf(who: string, on: string | null = null): Tab {
  const ws = new WebSocket(`${origin.replace("http", "ws")}/api/stream`, {
    headers: { origin, cookie: `user=${who}` },
  });
  const presence: PresenceEvent[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const outcome = new Promise<"hello" | { code: number; reason: string }>((resolve) => {
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as StreamFrame;
      if (frame.type === "hello") resolve("hello");
      if (frame.type === "presence") presence.push(frame);
    });
    void closed.then(resolve);
  });
  ws.on("open", () => {
    if (on) ws.send(JSON.stringify({ type: "presence", on }));
  });
  return { ws, presence, outcome, closed };
}

/** Opens `count` tabs in batches (a listen backlog is finite), and waits for each one's outcome. */
async function openTabs(count: number, who: (i: number) => string, on: string | null = null) {
  const tabs: Tab[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => tabOf(who(i + j), on));
    await Promise.all(batch.map((t) => t.outcome));
    tabs.push(...batch);
  }
  const outcomes = await Promise.all(tabs.map((t) => t.outcome));
  const admitted = tabs.filter((_, i) => outcomes[i] === "hello");
  const refused = outcomes.filter((o): o is { code: number; reason: string } => o !== "hello");
  return { tabs, admitted, refused };
}

const tooMany = { code: STREAM_CLOSE.tooManySockets, reason: "Too many tabs" };

async function closeAll(tabs: Tab[]): Promise<void> {
  for (const t of tabs) t.ws.close();
  await Promise.all(tabs.map((t) => t.closed));
}

describe("stream sockets per member", () => {
  it("admits a session's first 32 and a member's first 64 sockets, and closes the rest with 4429", async () => {
    expect([MAX_SOCKETS_PER_SESSION, MAX_SOCKETS_PER_MEMBER]).toEqual([32, 64]);
    const phone = await openTabs(40, () => "ada/phone");
    expect(phone.admitted).toHaveLength(32);
    expect(phone.refused).toEqual(Array(8).fill(tooMany));
    const laptop = await openTabs(40, () => "ada/laptop");
    expect(laptop.admitted).toHaveLength(32);
    const tablet = await openTabs(5, () => "ada/tablet");
    expect(tablet.admitted).toHaveLength(0);
    expect(relay.sizes()).toEqual({ sockets: 64, members: 1, sessions: 2 });

    // Another member is not held to Ada's count; a tab Ada closes frees its place.
    const grace = await openTabs(1, () => "grace/one");
    expect(grace.admitted).toHaveLength(1);
    await closeAll(phone.admitted.slice(0, 1));
    const again = await openTabs(2, () => "ada/tablet");
    expect(again.admitted).toHaveLength(1);
    expect(again.refused).toEqual([tooMany]);
    await closeAll([...phone.tabs, ...laptop.tabs, ...tablet.tabs, ...grace.tabs, ...again.tabs]);
  });

  it("1,000 presence sockets of one account: 64 stay, the others close, and nothing is kept after", async () => {
    const attack = await openTabs(1000, (i) => `ada/s${i % 25}`, ITEM);
    expect(attack.admitted).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    expect(attack.refused).toHaveLength(1000 - MAX_SOCKETS_PER_MEMBER);
    expect(attack.refused.every((o) => o.code === STREAM_CLOSE.tooManySockets)).toBe(true);
    await expect.poll(() => hub.sizes().tabs).toBe(MAX_SOCKETS_PER_MEMBER);

    // Another member still comes and goes on the item, and is seen.
    const grace = tabOf("grace/one", ITEM);
    await expect.poll(() => grace.presence.at(-1)?.total).toBe(2);
    await expect.poll(() => attack.admitted.every((t) => t.presence.at(-1)?.total === 2)).toBe(true);

    await closeAll([...attack.tabs, grace]);
    await expect.poll(() => relay.connections()).toBe(0);
    await hub.flushed();
    expect(relay.sizes()).toEqual({ sockets: 0, members: 0, sessions: 0 });
    expect(hub.sizes()).toEqual({ tabs: 0, watched: 0, told: 0, held: 0, pending: 0, checks: 0 });
    expect(subscribed.size).toBe(1);
  }, 60_000);

  it("encodes a presence change once, with 4 or 60 sockets watching", async () => {
    const encodesWith = async (watchers: number, newcomer: string) => {
      const watching = await openTabs(watchers, (i) => `ada/s${i % 2}`, ITEM);
      await expect.poll(() => watching.admitted.every((t) => t.presence.length > 0)).toBe(true);
      const encode = vi.spyOn(JSON, "stringify");
      const before = encode.mock.calls.length;
      const other = tabOf(`${newcomer}/one`, ITEM);
      await expect
        .poll(() => watching.admitted.every((t) => t.presence.at(-1)?.total === 2) && other.presence.length)
        .toBeTruthy();
      // The newcomer's own message is encoded by the test's client: not the relay's cost. The rest:
      // its greeting, the announcement to other instances (sized, then sent) and the one event.
      const encodes = encode.mock.calls.length - before - 1;
      encode.mockRestore();
      const frames = watching.admitted.map((t) => t.presence.length);
      await closeAll([...watching.tabs, other]);
      await expect.poll(() => relay.connections()).toBe(0);
      return { encodes, framesPerWatcher: Math.max(...frames) };
    };
    const few = await encodesWith(4, "grace");
    const many = await encodesWith(60, "alan");
    expect(many.encodes).toBe(few.encodes);
    expect(few.encodes).toBeLessThanOrEqual(4);
    expect([few.framesPerWatcher, many.framesPerWatcher]).toEqual([2, 2]);
  });
});
