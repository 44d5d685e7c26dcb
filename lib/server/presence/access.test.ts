import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voteRound } from "@/lib/server/db/schema";
import {
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import type { PresenceEvent } from "@/lib/studio/api/stream-events";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { presenceAccess, startPresence } from "./access";
import type { PresenceHub, PresenceTab } from "./hub";

const MISSING = "44444444-4444-4444-8444-444444444444";

describe.each(testBackends.filter((b) => !b.skip))("presence on $name", (backend) => {
  let pair: InstancePair;
  let ada: string;
  let grace: string;
  let voteId: string;

  beforeAll(async () => {
    pair = await openInstancePair(backend);
    ada = await createTestUser(pair.a, "presence-ada");
    grace = await createTestUser(pair.a, "presence-grace");
    const [round] = await pair.a.db
      .insert(voteRound)
      .values({ name: "Picked", axis: 0, variants: [0, 1], labels: ["A", "B"], seed: "s", createdBy: ada })
      .returning({ id: voteRound.id });
    voteId = round?.id ?? "";
  }, 60_000);
  afterAll(async () => {
    await pair?.dispose();
  });

  it("lets a member see what exists, under their account's name", async () => {
    const access = presenceAccess(pair.a.db);
    expect(await access.mayView({ userId: ada, role: "viewer" }, { kind: "vote", id: voteId })).toBe(true);
    expect(await access.mayView({ userId: ada, role: "viewer" }, { kind: "vote", id: MISSING })).toBe(false);
    expect(await access.mayView({ userId: ada, role: "viewer" }, { kind: "item", id: MISSING })).toBe(false);
    expect(await access.mayView({ userId: ada, role: "viewer" }, { kind: "experiment", id: MISSING })).toBe(
      false,
    );
    expect(await access.mayView({ userId: ada, role: "guest" }, { kind: "vote", id: voteId })).toBe(false);
    expect(await access.nameOf(ada)).toBe("presence-ada");
    expect(await access.nameOf("nobody")).toBeNull();
  });

  it("two instances on one database see each other's members through its notifications", async () => {
    const hubs: PresenceHub[] = [await startPresence(pair.a), await startPresence(pair.b)];
    try {
      const [one, two] = hubs as [PresenceHub, PresenceHub];
      const target = presenceTarget("vote", voteId);
      const told: PresenceEvent[] = [];
      const adaTab: PresenceTab = { id: "t1", userId: ada, role: "reviewer", send: (e) => told.push(e) };
      const graceTab: PresenceTab = { id: "t2", userId: grace, role: "viewer", send: () => undefined };
      await one.say(adaTab, target);
      await two.say(graceTab, target);
      // Ada's tab is sent everyone there, Ada too: the browser leaves its own member out.
      const others = () =>
        told
          .at(-1)
          ?.members.filter((m) => m.userId !== ada)
          .map((m) => m.name);
      await expect.poll(others).toEqual(["presence-grace"]);
      two.leave(graceTab.id);
      await expect.poll(others).toEqual([]);
    } finally {
      for (const hub of hubs) await hub.close();
    }
  });
});
