import { describe, expect, it } from "vitest";
import { axisTicks, niceCeiling, stackByDay } from "./chart";
import { estimateWords, usd } from "./money";
import { daysOf, monthOf, monthRange, nextMonth, previousMonth } from "./month";

const rows = [
  { day: "2026-02-01", memberId: "a", model: "runware:100@1", usd: 1 },
  { day: "2026-02-01", memberId: "b", model: "runware:100@1", usd: 3 },
  { day: "2026-02-28", memberId: "a", model: "civitai:1@2", usd: 0.5 },
];
const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
]);

describe("spend chart", () => {
  it("stacks each UTC day of the month by member, the largest spender first", () => {
    const chart = stackByDay(rows, "2026-02", "member", names);
    expect(chart.series).toEqual([
      { key: "b", label: "Bob", total: 3 },
      { key: "a", label: "Ann", total: 1.5 },
    ]);
    expect(chart.days).toHaveLength(28);
    expect(chart.days[0]).toEqual({
      day: "2026-02-01",
      total: 4,
      parts: [
        { key: "b", usd: 3 },
        { key: "a", usd: 1 },
      ],
    });
    expect(chart.days[27]).toEqual({ day: "2026-02-28", total: 0.5, parts: [{ key: "a", usd: 0.5 }] });
    expect(chart.max).toBe(4);
  });

  it("stacks by model when asked", () => {
    const chart = stackByDay(rows, "2026-02", "model", names);
    expect(chart.series.map((s) => [s.label, s.total])).toEqual([
      ["runware:100@1", 4],
      ["civitai:1@2", 0.5],
    ]);
  });

  it("rounds the scale up to 1, 2 or 5 of a power of ten", () => {
    expect([niceCeiling(4), niceCeiling(0.031), niceCeiling(12), niceCeiling(0)]).toEqual([5, 0.05, 20, 1]);
  });
});

describe("months and money", () => {
  it("counts months in UTC, across a year's end", () => {
    expect(monthRange("2026-12")).toEqual({
      from: new Date("2026-12-01T00:00:00Z"),
      to: new Date("2027-01-01T00:00:00Z"),
    });
    expect(monthOf(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
    expect([previousMonth("2026-01"), nextMonth("2026-12")]).toEqual(["2025-12", "2027-01"]);
    expect(daysOf("2028-02")).toHaveLength(29);
  });

  it("says large sums with a thousands separator", () => {
    expect(usd(1234.5)).toBe("$1,234.50");
  });

  it("says small costs to a tenth of a cent and estimates in words", () => {
    expect([usd(0.0042), usd(0.84), usd(50), usd(0)]).toEqual(["$0.0042", "$0.84", "$50.00", "$0.00"]);
    expect(estimateWords({ usd: 0.84, results: 100 }, "image")).toBe("About $0.84 for 100 images");
    expect(estimateWords({ usd: null, results: 1 }, "video")).toMatch(/^No estimate yet for 1 video/);
  });
});

describe("the spend chart's axis", () => {
  it("marks an empty month with distinct figures of money", () => {
    const empty = stackByDay([], "2026-11", "member", names);
    const labels = axisTicks(empty.max).map((t) => t.label);
    expect(labels).toEqual(["$0.00", "$0.50", "$1.00"]);
  });

  it("never writes two marks alike, whatever the month's largest day (random maxima)", () => {
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const max = 10 ** (next() * 10 - 6) * next();
      const ticks = axisTicks(max);
      const labels = ticks.map((t) => t.label);
      expect(new Set(labels).size, `max ${max}: ${labels.join(", ")}`).toBe(3);
      for (const label of labels) expect(label).toMatch(/^\$[\d,]+\.\d{2,6}$/);
      expect((ticks.at(-1)?.value ?? 0) >= max).toBe(true);
    }
  });
});
