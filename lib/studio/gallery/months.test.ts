import { describe, expect, it } from "vitest";
import { isCalendarMonth, monthBounds, monthLabel, monthName, yearLabelMonths } from "./months";

describe("the gallery's months", () => {
  it("reads a month as YYYY-MM, nothing else", () => {
    expect(isCalendarMonth("2026-03")).toBe(true);
    expect(isCalendarMonth("0001-12")).toBe(true);
    for (const bad of ["2026-13", "2026-00", "0000-05", "2026-3", "2026-03-01", "", "march"]) {
      expect(isCalendarMonth(bad), bad).toBe(false);
    }
  });

  it("bounds a month in UTC, December running into the next year", () => {
    expect(monthBounds("2026-03")).toEqual({ start: "2026-03-01T00:00:00Z", end: "2026-04-01T00:00:00Z" });
    expect(monthBounds("2025-12")).toEqual({ start: "2025-12-01T00:00:00Z", end: "2026-01-01T00:00:00Z" });
  });

  it("names a month in words", () => {
    expect(monthName("2026-03")).toBe("March 2026");
    expect(monthLabel({ month: "2025-12", count: 1204 })).toBe("December 2025, 1,204 items");
    expect(monthLabel({ month: "2025-12", count: 1 })).toBe("December 2025, 1 item");
  });

  it("labels each year once, leaving out a label with no room below the last", () => {
    const months = [
      { month: "2026-02", count: 50 },
      { month: "2026-01", count: 40 },
      { month: "2025-12", count: 8 },
      // 2024 starts 1 px below 2025's label on a 100 px rail: no room for its label.
      { month: "2024-12", count: 1 },
      { month: "2023-05", count: 1 },
    ];
    expect([...yearLabelMonths(months, 100)]).toEqual(["2026-02", "2025-12"]);
    expect([...yearLabelMonths(months, 2000)]).toEqual(["2026-02", "2025-12", "2024-12", "2023-05"]);
  });
});
