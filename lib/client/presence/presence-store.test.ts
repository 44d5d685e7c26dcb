import { beforeEach, describe, expect, it } from "vitest";
import { PRESENCE_MAX_LISTED } from "@/lib/studio/presence/presence";
import { keepPresenceSent, othersOf, usePresenceStore } from "./presence-store";

const A = "item:11111111-1111-4111-8111-111111111111";
const B = "item:22222222-2222-4222-8222-222222222222";
const ada = { userId: "ada", name: "Ada Lovelace" };
const me = { userId: "me", name: "Me Myself" };

beforeEach(() => usePresenceStore.setState({ on: null, seen: null, me: "me", heard: null }));

describe("presence store", () => {
  it("keeps what the relay says of the page the tab is on, and drops it when the page closes", () => {
    const s = usePresenceStore.getState();
    s.enter(A);
    s.receive({ type: "presence", on: A, members: [ada, me], total: 2 });
    expect(usePresenceStore.getState().seen).toEqual({ on: A, members: [ada], total: 1 });
    s.leave(A);
    expect(usePresenceStore.getState()).toMatchObject({ on: null, seen: null });
  });

  it("ignores word of a page the tab has left, and a late close of a page it is no longer on", () => {
    const s = usePresenceStore.getState();
    s.enter(A);
    s.enter(B);
    s.receive({ type: "presence", on: A, members: [ada], total: 1 });
    expect(usePresenceStore.getState().seen).toBeNull();
    s.leave(A);
    expect(usePresenceStore.getState().on).toBe(B);
  });

  it("leaves this member out of who is there, also when word comes before the greeting", () => {
    usePresenceStore.setState({ me: null });
    const s = usePresenceStore.getState();
    s.enter(A);
    s.receive({ type: "presence", on: A, members: [me, ada], total: 2 });
    expect(usePresenceStore.getState().seen).toBeNull();
    s.identify("me");
    expect(usePresenceStore.getState().seen).toEqual({ on: A, members: [ada], total: 1 });
    s.receive({ type: "presence", on: A, members: [me], total: 1 });
    expect(usePresenceStore.getState().seen).toEqual({ on: A, members: [], total: 0 });
  });
});

describe("othersOf", () => {
  const crowd = Array.from({ length: PRESENCE_MAX_LISTED + 1 }, (_, i) => ({
    userId: `u${i}`,
    name: `U ${i}`,
  }));

  it("names as many others as a page lists, whether this member is listed or cut off", () => {
    const listed = othersOf(
      { type: "presence", on: A, members: [me, ...crowd.slice(0, -1)], total: 20 },
      "me",
    );
    expect(listed.members).toEqual(crowd.slice(0, PRESENCE_MAX_LISTED));
    expect(listed.total).toBe(19);
    const cut = othersOf({ type: "presence", on: A, members: crowd, total: 20 }, "me");
    expect(cut.members).toEqual(crowd.slice(0, PRESENCE_MAX_LISTED));
    expect(cut.total).toBe(19);
  });
});

describe("keepPresenceSent", () => {
  it("sends where the tab ends up after one render, not each step on the way", async () => {
    const sent: string[] = [];
    const socket = { readyState: 1, OPEN: 1 as const, send: (data: string) => void sent.push(data) };
    const stop = keepPresenceSent(() => socket);
    const s = usePresenceStore.getState();
    s.enter(A);
    await Promise.resolve();
    expect(sent.map((m) => JSON.parse(m))).toEqual([{ type: "presence", on: A }]);
    // The viewer moves from one item to the next: A closes, B opens.
    s.leave(A);
    s.enter(B);
    await Promise.resolve();
    expect(sent.map((m) => JSON.parse(m).on)).toEqual([A, B]);
    s.leave(B);
    await Promise.resolve();
    expect(sent.map((m) => JSON.parse(m).on)).toEqual([A, B, null]);
    stop();
    s.enter(A);
    await Promise.resolve();
    expect(sent).toHaveLength(3);
  });

  it("sends nothing on a socket that is not open", async () => {
    const sent: string[] = [];
    const socket = { readyState: 0, OPEN: 1 as const, send: (data: string) => void sent.push(data) };
    const stop = keepPresenceSent(() => socket);
    usePresenceStore.getState().enter(A);
    await Promise.resolve();
    expect(sent).toEqual([]);
    stop();
  });
});
