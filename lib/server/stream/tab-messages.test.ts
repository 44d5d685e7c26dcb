import { describe, expect, it } from "vitest";
import { presenceTarget } from "@/lib/studio/presence/presence";
import type { PresenceTab } from "../presence/hub";
import { MAX_MESSAGES, tabMessages } from "./tab-messages";

const ITEM = presenceTarget("item", "11111111-1111-4111-8111-111111111111");
const OTHER = presenceTarget("item", "22222222-2222-4222-8222-222222222222");

const tab = (id: string, userId: string): PresenceTab => ({
  id,
  userId,
  role: "viewer",
  send: () => undefined,
});

describe("tabMessages", () => {
  it("passes where the tab is, and ignores anything else or too much", () => {
    const said: (string | null)[] = [];
    const presence = { say: async (_t: PresenceTab, on: string | null) => void said.push(on) };
    let open = true;
    const onMessage = tabMessages(
      presence,
      tab("t1", "ada"),
      () => open,
      () => 0,
    );
    const text = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
    onMessage(text({ type: "presence", on: ITEM }), false);
    onMessage(text({ type: "presence", on: null }), false);
    onMessage(text("not json"), false);
    onMessage(text({ type: "other", on: ITEM }), false);
    onMessage(text({ type: "presence", on: 5 }), false);
    onMessage(text({ type: "presence", on: ITEM }), true);
    expect(said).toEqual([ITEM, null]);
    for (let i = 0; i < MAX_MESSAGES * 2; i++) onMessage(text({ type: "presence", on: OTHER }), false);
    // Five text messages counted before the loop (the binary one is refused unread).
    expect(said.length).toBe(2 + MAX_MESSAGES - 5);
    open = false;
    said.length = 0;
    onMessage(text({ type: "presence", on: ITEM }), false);
    expect(said).toEqual([]);
  });
});
