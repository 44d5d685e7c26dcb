import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

const ada = { id: "u1", name: "Ada", email: "ada@studio.test", role: "owner" as const };

describe("SessionCache", () => {
  it("remembers a cookie's user (or its absence) for ttlMs, then forgets it", () => {
    let now = 0;
    const cache = new SessionCache(5000, 10, () => now);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", ada);
    cache.set("b", null);
    now = 4999;
    expect(cache.get("a")).toEqual(ada);
    expect(cache.get("b")).toBeNull();
    now = 5001;
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the oldest, and clears at once", () => {
    const cache = new SessionCache(60_000, 2);
    cache.set("a", ada);
    cache.set("b", ada);
    cache.set("c", ada);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toEqual(ada);
    cache.clear();
    expect(cache.get("b")).toBeUndefined();
  });
});
