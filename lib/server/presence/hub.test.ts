import { afterEach, describe, expect, it } from "vitest";
import type { PresenceEvent } from "@/lib/studio/api/stream-events";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { MemoryPresenceBus, type PresenceNews } from "./bus";
import { PresenceHub, type PresenceHubOptions, type PresenceTab } from "./hub";

const ITEM = presenceTarget("item", "11111111-1111-4111-8111-111111111111");
const OTHER = presenceTarget("item", "22222222-2222-4222-8222-222222222222");
const SECRET = presenceTarget("experiment", "33333333-3333-4333-8333-333333333333");
const NAMES: Record<string, string> = { ada: "Ada Lovelace", grace: "Grace Hopper", alan: "Alan Turing" };

let clock = 0;
const hubs: PresenceHub[] = [];

afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
  clock = 0;
});

async function startHub(
  bus: MemoryPresenceBus,
  extra: Partial<PresenceHubOptions> = {},
): Promise<PresenceHub> {
  const hub = new PresenceHub({
    bus,
    // The experiment SECRET does not exist (or may not be seen): nobody is shown there.
    mayView: async (_member, target) => `${target.kind}:${target.id}` !== SECRET,
    nameOf: async (userId) => NAMES[userId] ?? null,
    now: () => clock,
    expiryMs: 60_000,
    sweepMs: 3_600_000,
    ...extra,
  });
  await hub.start();
  hubs.push(hub);
  return hub;
}

/**
 * A tab whose events are kept; `seen()` is the last list it was told, by name, without its own
 * member (as the browser shows it).
 */
function tab(id: string, userId: string, role = "viewer") {
  const events: PresenceEvent[] = [];
  const t: PresenceTab & { events: PresenceEvent[]; seen(): string[] | undefined } = {
    id,
    userId,
    role,
    send: (e) => events.push(e),
    events,
    seen: () =>
      events
        .at(-1)
        ?.members.filter((m) => m.userId !== userId)
        .map((m) => m.name),
  };
  return t;
}

/** A bus whose instance can die: from `cut` on, nothing it says reaches the others. */
class CuttableBus extends MemoryPresenceBus {
  cut = false;
  override async publish(news: PresenceNews): Promise<void> {
    if (!this.cut) await super.publish(news);
  }
}

/** Lets the hubs tell what changed this turn, and hear each other's announcements. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("PresenceHub", () => {
  it("two members on one item each see the other, and an avatar goes when its tab moves away", async () => {
    const hub = await startHub(new MemoryPresenceBus());
    const ada = tab("t1", "ada");
    const grace = tab("t2", "grace");
    await hub.say(ada, ITEM);
    expect(ada.seen()).toEqual([]);
    await hub.say(grace, ITEM);
    expect(grace.seen()).toEqual(["Ada Lovelace"]);
    expect(ada.seen()).toEqual(["Grace Hopper"]);
    await hub.say(grace, OTHER);
    expect(ada.seen()).toEqual([]);
    // Every tab there is sent the same list, its own member in it.
    expect(grace.events.at(-1)).toEqual({
      type: "presence",
      on: OTHER,
      members: [{ userId: "grace", name: "Grace Hopper" }],
      total: 1,
    });
  });

  it("a closed tab leaves at once", async () => {
    const hub = await startHub(new MemoryPresenceBus());
    const ada = tab("t1", "ada");
    const grace = tab("t2", "grace");
    await hub.say(ada, ITEM);
    await hub.say(grace, ITEM);
    hub.leave(grace.id);
    await hub.flushed();
    expect(ada.seen()).toEqual([]);
    expect(hub.membersOn(ITEM)).toEqual([{ userId: "ada", name: "Ada Lovelace" }]);
  });

  it("one member's two tabs show once to others, never to themself, and stay until both leave", async () => {
    const hub = await startHub(new MemoryPresenceBus());
    const adaOne = tab("t1", "ada");
    const adaTwo = tab("t2", "ada");
    const grace = tab("t3", "grace");
    await hub.say(grace, ITEM);
    await hub.say(adaOne, ITEM);
    await hub.say(adaTwo, ITEM);
    expect(grace.seen()).toEqual(["Ada Lovelace"]);
    expect(adaOne.seen()).toEqual(["Grace Hopper"]);
    expect(adaTwo.seen()).toEqual(["Grace Hopper"]);
    const told = grace.events.length;
    hub.leave(adaOne.id);
    await hub.flushed();
    // Nothing changed for Grace: she is not told again.
    expect(grace.events.length).toBe(told);
    hub.leave(adaTwo.id);
    await hub.flushed();
    expect(grace.seen()).toEqual([]);
  });

  it("is seen across instances, and an instance's tabs go when it stops", async () => {
    const bus = new MemoryPresenceBus();
    const one = await startHub(bus);
    const two = await startHub(new MemoryPresenceBus(bus));
    const ada = tab("t1", "ada");
    const grace = tab("t2", "grace");
    await one.say(ada, ITEM);
    await settle();
    await two.say(grace, ITEM);
    await settle();
    expect(grace.seen()).toEqual(["Ada Lovelace"]);
    expect(ada.seen()).toEqual(["Grace Hopper"]);
    two.leave(grace.id);
    await settle();
    expect(ada.seen()).toEqual([]);
    await two.say(tab("t3", "alan"), ITEM);
    await settle();
    expect(ada.seen()).toEqual(["Alan Turing"]);
    await two.close();
    await settle();
    expect(ada.seen()).toEqual([]);
  });

  it("an instance that starts learns who is already there from the others", async () => {
    const bus = new MemoryPresenceBus();
    const one = await startHub(bus);
    await one.say(tab("t1", "ada"), ITEM);
    const two = await startHub(new MemoryPresenceBus(bus));
    await settle();
    const grace = tab("t2", "grace");
    await two.say(grace, ITEM);
    expect(grace.seen()).toEqual(["Ada Lovelace"]);
  });

  it("a silent tab expires, and so do the tabs of an instance that died without a word", async () => {
    const bus = new MemoryPresenceBus();
    const one = await startHub(bus);
    const twoBus = new CuttableBus(bus);
    const two = await startHub(twoBus);
    const ada = tab("t1", "ada");
    const grace = tab("t2", "grace");
    const alan = tab("t3", "alan");
    await one.say(ada, ITEM);
    await one.say(alan, ITEM);
    await two.say(grace, ITEM);
    await settle();
    expect(ada.seen()).toEqual(["Alan Turing", "Grace Hopper"]);

    // Instance two dies: it stops announcing and never says "gone".
    twoBus.cut = true;
    two.sweep();
    // Alan's tab froze (no heartbeat); Ada's keeps saying where it is.
    clock = 30_000;
    await one.say(ada, ITEM);
    clock = 61_000;
    one.sweep();
    await settle();
    expect(ada.seen()).toEqual([]);
    expect(one.membersOn(ITEM)).toEqual([{ userId: "ada", name: "Ada Lovelace" }]);
  });

  it("shows nobody on a page the member may not see, nor a member who may not be shown", async () => {
    const hub = await startHub(new MemoryPresenceBus());
    const ada = tab("t1", "ada");
    const grace = tab("t2", "grace");
    await hub.say(ada, SECRET);
    await hub.say(grace, SECRET);
    expect(ada.events).toEqual([]);
    expect(grace.events).toEqual([]);
    expect(hub.membersOn(SECRET)).toEqual([]);

    // Not a member's role (a share link's guest), a removed member, a target that is none.
    await hub.say(ada, ITEM);
    await hub.say(tab("t3", "guest", "guest"), ITEM);
    await hub.say(tab("t4", "gone-member"), ITEM);
    await hub.say(tab("t5", "grace"), "item:../../etc");
    await hub.say(tab("t6", "grace"), "board:11111111-1111-4111-8111-111111111111");
    expect(ada.seen()).toEqual([]);
    expect(hub.membersOn(ITEM)).toEqual([{ userId: "ada", name: "Ada Lovelace" }]);
  });

  it("a move made while the last one is checked wins", async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hub = await startHub(new MemoryPresenceBus(), {
      mayView: async (_m, target) => {
        if (`${target.kind}:${target.id}` === ITEM) await slow;
        return true;
      },
    });
    const ada = tab("t1", "ada");
    const first = hub.say(ada, ITEM);
    await hub.say(ada, OTHER);
    release();
    await first;
    expect(hub.membersOn(ITEM)).toEqual([]);
    expect(hub.membersOn(OTHER)).toEqual([{ userId: "ada", name: "Ada Lovelace" }]);
  });

  it("names the first few and counts the rest", async () => {
    const hub = await startHub(new MemoryPresenceBus(), { nameOf: async (id) => `Member ${id}` });
    const me = tab("me", "me");
    await hub.say(me, ITEM);
    for (let i = 0; i < 15; i++) await hub.say(tab(`t${i}`, `u${i}`), ITEM);
    const last = me.events.at(-1);
    // One more than a page names, the tab's own member among them.
    expect(last?.total).toBe(16);
    expect(last?.members).toHaveLength(13);
    expect(last?.members[0]).toEqual({ userId: "me", name: "Member me" });
  });

  it("announces in pieces small enough for one database notification", async () => {
    const bus = new MemoryPresenceBus();
    const heard: PresenceNews[] = [];
    await bus.listen((n) => heard.push(n));
    const hub = await startHub(bus, { nameOf: async (id) => `Member ${id} ${"x".repeat(150)}` });
    for (let i = 0; i < 60; i++) await hub.say(tab(`t${i}`, `u${i}`), ITEM);
    heard.length = 0;
    hub.sweep();
    await settle();
    const sets = heard.filter((n) => n.k === "set");
    expect(sets.length).toBeGreaterThan(1);
    for (const n of sets) expect(Buffer.byteLength(JSON.stringify(n))).toBeLessThan(8000);
    expect(sets.flatMap((n) => (n.k === "set" ? n.tabs : []))).toHaveLength(60);
  });
});
