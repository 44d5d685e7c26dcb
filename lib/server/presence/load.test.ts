import { afterEach, describe, expect, it, vi } from "vitest";
import type { PresenceEvent } from "@/lib/studio/api/stream-events";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { MemoryPresenceBus, type PresenceNews } from "./bus";
import { PresenceHub, type PresenceHubOptions, type PresenceTab } from "./hub";

/**
 * Presence under a crowd: one account's script opening hundreds of tabs on one item must not
 * make every later change cost more. Costs are counted (events made, sends, announcements,
 * what is kept), never timed.
 */
const ITEM = presenceTarget("item", "11111111-1111-4111-8111-111111111111");
const OTHER = presenceTarget("item", "22222222-2222-4222-8222-222222222222");

const hubs: PresenceHub[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const hub of hubs.splice(0)) await hub.close();
});

async function startHub(bus: MemoryPresenceBus, extra: Partial<PresenceHubOptions> = {}) {
  const hub = new PresenceHub({
    bus,
    mayView: async () => true,
    nameOf: async (userId) => `Member ${userId}`,
    sweepMs: 3_600_000,
    ...extra,
  });
  await hub.start();
  hubs.push(hub);
  return hub;
}

/** Every event every tab was sent, in order. */
function crowd() {
  const sent: { tab: string; event: PresenceEvent }[] = [];
  const tab = (id: string, userId: string): PresenceTab => ({
    id,
    userId,
    role: "viewer",
    send: (event) => sent.push({ tab: id, event }),
  });
  return { sent, tab };
}

/** A few turns of the event loop: a hub tells at the end of one, a second hub hears it in the next. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** What one member coming to the item costs, with `watchers` tabs of another member already there. */
async function costOfOneChange(watchers: number) {
  const hub = await startHub(new MemoryPresenceBus());
  const { sent, tab } = crowd();
  await Promise.all(Array.from({ length: watchers }, (_, i) => hub.say(tab(`w${i}`, "ada"), ITEM)));
  await settle();
  sent.length = 0;
  const encode = vi.spyOn(JSON, "stringify");
  await hub.say(tab("grace-1", "grace"), ITEM);
  await settle();
  const encodes = encode.mock.calls.length;
  encode.mockRestore();
  const change = {
    encodes,
    sends: sent.length,
    tabsTold: new Set(sent.map((s) => s.tab)).size,
    // The relay encodes each event object once for all its sockets.
    eventsMade: new Set(sent.map((s) => s.event)).size,
  };
  // The same member's next tab changes nothing anyone sees: only that tab is told.
  sent.length = 0;
  await hub.say(tab("ada-late", "ada"), ITEM);
  await settle();
  return { change, sameMemberSends: sent.map((s) => s.tab) };
}

describe("presence under a crowd", () => {
  it("a change makes one event for every tab there, and tells each tab once, however many watch", async () => {
    const few = await costOfOneChange(10);
    const many = await costOfOneChange(1000);
    expect(few.change).toEqual({ encodes: few.change.encodes, sends: 11, tabsTold: 11, eventsMade: 1 });
    expect(many.change).toEqual({ encodes: few.change.encodes, sends: 1001, tabsTold: 1001, eventsMade: 1 });
    expect(few.sameMemberSends).toEqual(["ada-late"]);
    expect(many.sameMemberSends).toEqual(["ada-late"]);
  });

  it("tabs coming to one page in the same turn are each told once, and announced together", async () => {
    const bus = new MemoryPresenceBus();
    const heard: PresenceNews[] = [];
    await bus.listen((news) => heard.push(news));
    const hub = await startHub(bus);
    const { sent, tab } = crowd();
    const tabs = Array.from({ length: 300 }, (_, i) => tab(`t${i}`, `u${i}`));
    await Promise.all(tabs.map((t) => hub.say(t, ITEM)));
    await settle();
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((s) => s.event)).size).toBe(1);
    expect(sent[0]?.event.total).toBe(300);
    const sets = heard.filter((n) => n.k === "set");
    // In pieces under PostgreSQL's notification limit, not one announcement per tab.
    expect(sets.length).toBeLessThanOrEqual(10);
    expect(sets.flatMap((n) => (n.k === "set" ? n.tabs : []))).toHaveLength(300);
  });

  it("many tabs of one member asking at once are checked once", async () => {
    let checks = 0;
    const hub = await startHub(new MemoryPresenceBus(), {
      mayView: async () => {
        checks++;
        return true;
      },
    });
    const { tab } = crowd();
    await Promise.all(Array.from({ length: 500 }, (_, i) => hub.say(tab(`t${i}`, "ada"), ITEM)));
    expect(checks).toBe(1);
  });

  it("keeps nothing of tabs that left, here or on another instance", async () => {
    const bus = new MemoryPresenceBus();
    const one = await startHub(bus);
    const two = await startHub(new MemoryPresenceBus(bus));
    const { sent, tab } = crowd();
    const watcher = tab("watcher", "grace");
    await two.say(watcher, ITEM);
    const tabs = Array.from({ length: 1000 }, (_, i) => tab(`t${i}`, `u${i % 40}`));
    await Promise.all(tabs.map((t, i) => one.say(t, i % 2 === 0 ? ITEM : OTHER)));
    await settle();
    expect(two.membersOn(ITEM)).toHaveLength(21);
    expect(sent.filter((s) => s.tab === "watcher").at(-1)?.event.total).toBe(21);
    // Half move on, some leave while their move is still being checked, then all close.
    const moving = tabs.slice(0, 500).map((t) => one.say(t, OTHER));
    for (const t of tabs.slice(0, 100)) one.leave(t.id);
    await Promise.all(moving);
    for (const t of tabs) one.leave(t.id);
    await settle();
    expect(one.sizes()).toEqual({ tabs: 0, watched: 0, told: 0, held: 1, pending: 0, checks: 0 });
    expect(two.membersOn(ITEM)).toEqual([{ userId: "grace", name: "Member grace" }]);
    expect(sent.filter((s) => s.tab === "watcher").at(-1)?.event.total).toBe(1);
    two.leave(watcher.id);
    await settle();
    expect(two.sizes()).toEqual({ tabs: 0, watched: 0, told: 0, held: 0, pending: 0, checks: 0 });
    expect(one.sizes().held).toBe(0);
  });
});
