import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { StreamFrame } from "@/lib/studio/api/stream-events";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { MemoryPresenceBus } from "../presence/bus";
import { PresenceHub } from "../presence/hub";
import { EventLog } from "./event-log";
import { createRelay, type Relay } from "./relay";

const ITEM = presenceTarget("item", "11111111-1111-4111-8111-111111111111");
const NAMES: Record<string, string> = {
  ada: "Ada Lovelace",
  grace: "Grace Hopper",
  bob: "Bob Kahn",
  cy: "Cy Endfield",
  dee: "Dee Snider",
  eve: "Eve Harris",
  zed: "Zed Shaw",
};

let server: Server;
let relay: Relay;
let log: EventLog;
let hub: PresenceHub;
let origin: string;

beforeEach(async () => {
  log = new EventLog();
  await log.start();
  hub = new PresenceHub({
    bus: new MemoryPresenceBus(),
    mayView: async () => true,
    nameOf: async (id) => NAMES[id] ?? null,
  });
  await hub.start();
  relay = createRelay({
    log,
    authenticate: async (req) => {
      const userId = (req.headers.cookie ?? "").replace("user=", "");
      return userId ? { userId, sessionId: `s-${userId}`, role: "viewer" } : null;
    },
    presence: hub,
  });
  server = createServer();
  server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await relay.close();
  await hub.close();
  await log.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function connect(user: string): Promise<{ ws: WebSocket; frames: StreamFrame[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace("http", "ws")}/api/stream`, {
      headers: { origin, cookie: `user=${user}` },
    });
    const frames: StreamFrame[] = [];
    ws.on("message", (data) => frames.push(JSON.parse(String(data)) as StreamFrame));
    ws.on("error", reject);
    ws.on("open", () => resolve({ ws, frames }));
  });
}

/** The others on the page, as the browser shows them: its own member is left out. */
const lastPresence = (frames: StreamFrame[]) => {
  const me = frames.find((f) => f.type === "hello")?.userId;
  return frames
    .filter((f) => f.type === "presence")
    .at(-1)
    ?.members.filter((m) => m.userId !== me)
    .map((m) => m.name);
};

describe("relay presence", () => {
  it("a tab that says where it is is shown to the others there, and goes when its socket closes", async () => {
    const ada = await connect("ada");
    const grace = await connect("grace");
    ada.ws.send(JSON.stringify({ type: "presence", on: ITEM }));
    await expect.poll(() => lastPresence(ada.frames)).toEqual([]);
    grace.ws.send(JSON.stringify({ type: "presence", on: ITEM }));
    await expect.poll(() => lastPresence(grace.frames)).toEqual(["Ada Lovelace"]);
    await expect.poll(() => lastPresence(ada.frames)).toEqual(["Grace Hopper"]);
    grace.ws.close();
    await expect.poll(() => lastPresence(ada.frames)).toEqual([]);
    ada.ws.close();
  });

  it("ignores what is not a presence message, and keeps the socket", async () => {
    const ada = await connect("ada");
    ada.ws.send("hello?");
    ada.ws.send(JSON.stringify({ type: "presence", on: { item: 1 } }));
    ada.ws.send(JSON.stringify({ type: "presence", on: ITEM }));
    await expect.poll(() => lastPresence(ada.frames)).toEqual([]);
    expect(ada.ws.readyState).toBe(WebSocket.OPEN);
    expect(hub.membersOn(ITEM).map((m) => m.userId)).toEqual(["ada"]);
    ada.ws.close();
  });

  it("tells every one of many members' many tabs on a page each change once, in order", async () => {
    // Thirty tabs each of five members (under a member's socket cap), all on one item.
    const watchers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => connect(["ada", "bob", "cy", "dee", "eve"][i % 5] ?? "ada")),
    );
    for (const w of watchers) w.ws.send(JSON.stringify({ type: "presence", on: ITEM }));
    const totals = (w: { frames: StreamFrame[] }) =>
      w.frames.flatMap((f) => (f.type === "presence" ? [f.total] : []));
    await expect
      .poll(() => watchers.filter((w) => totals(w).at(-1) !== 5).length, { timeout: 30_000 })
      .toBe(0);
    const before = watchers.map((w) => totals(w).length);
    // Grace comes and goes five times; each change waits until every tab has been told the last.
    const grace = await connect("grace");
    for (let move = 0; move < 10; move++) {
      grace.ws.send(JSON.stringify({ type: "presence", on: move % 2 === 0 ? ITEM : null }));
      await expect
        .poll(() => watchers.every((w, i) => totals(w).length >= (before[i] ?? 0) + move + 1))
        .toBe(true);
    }
    // Then Zed comes: a socket's frames keep their order, so a repeat of the moves would come before.
    const zed = await connect("zed");
    zed.ws.send(JSON.stringify({ type: "presence", on: ITEM }));
    await expect
      .poll(() =>
        watchers.every((w) =>
          w.frames.some((f) => f.type === "presence" && f.members.some((m) => m.userId === "zed")),
        ),
      )
      .toBe(true);
    for (const [i, w] of watchers.entries())
      expect(totals(w).slice(before[i])).toEqual([6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6]);
    for (const w of [...watchers, grace, zed]) w.ws.close();
  }, 120_000);
});
