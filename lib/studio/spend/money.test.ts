import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { costOf, microsOf, microsText, toMicros, usd } from "./money";

describe("exact sums of money", () => {
  it("adds costs in micro-dollars: three of 0.001363 are 0.004089, not float noise", () => {
    expect(0.001363 * 3).not.toBe(0.004089);
    expect(costOf([0.001363, 0.001363, 0.001363])).toBe(0.004089);
    expect(microsText(microsOf([0.001363, 0.001363, 0.001363]) ?? 0)).toBe("0.004089");
    expect(costOf([null, null])).toBeNull();
    expect(costOf([null, 0.1, 0.2])).toBe(0.3);
  });

  it("writes micro-dollars as the exact decimal they are (random sums)", () => {
    let state = 11;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state;
    };
    for (let i = 0; i < 2000; i++) {
      const costs = Array.from({ length: 1 + (next() % 40) }, () => (next() % 5_000_000) / 1_000_000);
      const micros = costs.reduce((sum, c) => sum + toMicros(c), 0);
      const text = microsText(micros);
      expect(text).toMatch(/^\d+(\.\d{1,6})?$/);
      // The decimal read back is the whole number of micro-dollars summed.
      const [whole = "0", fraction = ""] = text.split(".");
      expect(Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"))).toBe(micros);
    }
    expect([microsText(0), microsText(1_500_000), microsText(10)]).toEqual(["0", "1.5", "0.00001"]);
  });
});

describe("every cost on screen is money", () => {
  // Each place a component reads an item's or a cell's `cost`, it writes it through the one
  // formatter (or sums it with `costOf`, whose result is then written with `usd`).
  it("reads no `.cost` in a component or page without usd() or costOf() on the same line", () => {
    const root = path.resolve(__dirname, "../../..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
          fs.readFileSync(full, "utf8")
            .split("\n")
            .forEach((line, i) => {
              if (/\.cost\b/.test(line) && !/\b(usd|costOf|microsOf)\(/.test(line))
                offenders.push(`${path.relative(root, full)}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(path.join(root, "components"));
    walk(path.join(root, "app"));
    expect(offenders).toEqual([]);
    expect(usd(0.001363)).toBe("$0.0014");
  });
});
