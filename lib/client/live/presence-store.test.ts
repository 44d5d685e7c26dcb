import { beforeEach, describe, expect, it } from "vitest";
import { usePresenceStore } from "./presence-store";

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
