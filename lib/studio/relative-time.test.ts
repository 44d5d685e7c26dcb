import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const NOW = Date.parse("2026-03-10T12:00:00Z");

describe("timeAgo", () => {
  it("says how long ago in the largest whole unit", () => {
    expect(timeAgo(new Date(NOW - 20_000), NOW)).toBe("just now");
    expect(timeAgo(new Date(NOW - 60_000), NOW)).toBe("1 minute ago");
    expect(timeAgo(new Date(NOW - 5 * 60_000 - 59_000), NOW)).toBe("5 minutes ago");
    expect(timeAgo(new Date(NOW - 3 * 3_600_000), NOW)).toBe("3 hours ago");
    expect(timeAgo("2026-03-07T11:00:00Z", NOW)).toBe("3 days ago");
  });

  it("gives the date past a month", () => {
    expect(timeAgo("2026-01-02T12:00:00Z", NOW)).toBe("on Jan 2, 2026");
  });
});
