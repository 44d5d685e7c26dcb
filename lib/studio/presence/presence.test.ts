import { describe, expect, it } from "vitest";
import { initials, memberHue, parsePresenceTarget, presenceTarget } from "./presence";

const ID = "AAAAAAAA-1111-4111-8111-111111111111";

describe("presence targets", () => {
  it("reads the kinds a page can be and their ids, lower-cased", () => {
    expect(parsePresenceTarget(presenceTarget("item", ID))).toEqual({ kind: "item", id: ID.toLowerCase() });
    expect(parsePresenceTarget(`experiment:${ID}`)).toEqual({ kind: "experiment", id: ID.toLowerCase() });
    expect(parsePresenceTarget(`vote:${ID}`)).toEqual({ kind: "vote", id: ID.toLowerCase() });
  });

  it("is none for anything else", () => {
    for (const text of [null, 5, "", "item", `board:${ID}`, "item:not-a-uuid", `item:${ID}:x`, `:${ID}`])
      expect(parsePresenceTarget(text)).toBeNull();
  });
});

describe("avatars", () => {
  it("takes the first and last initials", () => {
    expect(initials("Grace Brewster Hopper")).toBe("GH");
    expect(initials("ada")).toBe("A");
    expect(initials("  ")).toBe("?");
  });

  it("gives a member the same colour every time, and not everyone the same", () => {
    expect(memberHue("u-ada")).toBe(memberHue("u-ada"));
    const hues = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map(memberHue));
    expect(hues.size).toBeGreaterThan(1);
  });
});
