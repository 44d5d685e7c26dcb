import { beforeEach, describe, expect, it } from "vitest";
import { keepPresenceSent, usePresenceStore } from "./presence-store";

const A = "item:11111111-1111-4111-8111-111111111111";
const B = "item:22222222-2222-4222-8222-222222222222";
const ada = { userId: "ada", name: "Ada Lovelace" };

beforeEach(() => usePresenceStore.setState({ on: null, seen: null }));

describe("presence store", () => {
  it("keeps what the relay says of the page the tab is on, and drops it when the page closes", () => {
    const s = usePresenceStore.getState();
    s.enter(A);
    s.receive({ type: "presence", on: A, members: [ada], total: 1 });
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
