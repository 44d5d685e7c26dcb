import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/studio/votes/seeded-random";
import {
  decisiveVotes,
  type PairPick,
  preferenceOf,
  type Ranked,
  sortRows,
  summaryWords,
  verdictOf,
} from "./regression";
import { settingsChanges } from "./settings-changes";

const picks = (run: number, baseline: number, ties = 0) => {
  const out: { pick: PairPick; voter: string }[] = [];
  for (let i = 0; i < run; i++) out.push({ pick: "run", voter: `r${i}` });
  for (let i = 0; i < baseline; i++) out.push({ pick: "baseline", voter: `b${i}` });
  for (let i = 0; i < ties; i++) out.push({ pick: "tie", voter: `t${i}` });
  return out;
};

describe("a case's verdict", () => {
  it("never says better or worse while the interval holds an even chance, over random vote counts", () => {
    const random = seededRandom(20261129);
    let decided = 0;
    let undecidedWithALead = 0;
    for (let trial = 0; trial < 1000; trial++) {
      // Vote counts from 0 up, small counts (0 and 1 included) drawn most often.
      const n = Math.floor(random() ** 2 * 40);
      const lean = random();
      const drawn = Array.from({ length: n }, () => {
        const u = random();
        return u < 0.15 ? "tie" : u < 0.15 + 0.85 * lean ? "run" : "baseline";
      });
      const count = (p: string) => drawn.filter((d) => d === p).length;
      const p = preferenceOf(picks(count("run"), count("baseline"), count("tie")));
      const verdict = verdictOf(p);
      expect(p.votes).toBe(n);
      if (verdict === "better" || verdict === "worse") {
        decided += 1;
        expect(p.low).not.toBeNull();
        expect(p.high).not.toBeNull();
        const excludesEven = (p.low as number) > 0.5 || (p.high as number) < 0.5;
        expect(excludesEven).toBe(true);
        expect(verdict === "better" ? (p.low as number) > 0.5 : (p.high as number) < 0.5).toBe(true);
        expect(n).toBeGreaterThanOrEqual(decisiveVotes());
      } else if (count("run") !== count("baseline")) {
        undecidedWithALead += 1;
      }
      if (n < decisiveVotes()) expect(verdict).toBe("notEnough");
    }
    // The simulation reached both sides of the line.
    expect(decided).toBeGreaterThan(30);
    expect(undecidedWithALead).toBeGreaterThan(30);
  });

  it("has too few votes at 0 and at 1, whichever way the one fell", () => {
    expect(verdictOf(null)).toBe("notEnough");
    expect(verdictOf(preferenceOf([]))).toBe("notEnough");
    for (const one of [picks(1, 0), picks(0, 1), picks(0, 0, 1)])
      expect(verdictOf(preferenceOf(one))).toBe("notEnough");
  });

  it("needs the votes the fit needs: the fewest whose interval can leave an even chance", () => {
    const n = decisiveVotes();
    expect(n).toBeGreaterThan(1);
    const splits = (total: number) =>
      Array.from({ length: total + 1 }, (_, run) =>
        Array.from({ length: total - run + 1 }, (_, baseline) =>
          picks(run, baseline, total - run - baseline),
        ),
      ).flat();
    expect(splits(n - 1).map((s) => verdictOf(preferenceOf(s)))).not.toContain("better");
    expect(splits(n - 1).map((s) => verdictOf(preferenceOf(s)))).not.toContain("worse");
    expect(splits(n).map((s) => verdictOf(preferenceOf(s)))).toContain("better");
    expect(splits(n).map((s) => verdictOf(preferenceOf(s)))).toContain("worse");
    expect(verdictOf(preferenceOf(picks(n + 2, 0)))).toBe("better");
    // As many votes, evenly split: the votes say the two are alike.
    expect(verdictOf(preferenceOf(picks(n, n)))).toBe("same");
  });

  it("reads the run's chance from its side: more run wins, a higher chance", () => {
    expect(preferenceOf(picks(8, 2)).chance).toBeGreaterThan(0.5);
    expect(preferenceOf(picks(2, 8)).chance).toBeLessThan(0.5);
    expect(preferenceOf(picks(3, 3)).chance).toBeCloseTo(0.5, 6);
  });
});

describe("rows by change", () => {
  const row = (
    index: number,
    verdict: Ranked["verdict"],
    chance: number | null,
    ratingChange: number | null,
  ) => ({
    index,
    verdict,
    ratingChange,
    preference: chance === null ? null : { ...preferenceOf(picks(1, 1)), chance },
  });
  const rows = [
    row(0, "same", 0.5, 0),
    row(1, "better", 0.9, null),
    row(2, "worse", 0.2, -1),
    row(3, "notEnough", null, -2),
    row(4, "worse", 0.05, null),
  ];

  it("puts the worst first, the best first, or keeps the set's order", () => {
    expect(sortRows(rows, "worst").map((r) => r.index)).toEqual([4, 2, 3, 0, 1]);
    expect(sortRows(rows, "best").map((r) => r.index)).toEqual([1, 0, 3, 2, 4]);
    expect(sortRows(rows, "case").map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("sums the verdicts in words", () => {
    expect(summaryWords(["better", "worse", "same", "same"])).toBe(
      "1 better, 1 worse, 2 unchanged of 4 cases",
    );
    expect(summaryWords(["notEnough"])).toBe(
      "0 better, 0 worse, 0 unchanged, 1 without enough votes of 1 case",
    );
  });
});

describe("what changed between two runs", () => {
  it("names each setting that differs, the model by its name", () => {
    const names = new Map([
      ["runware:101@1", "FLUX.1 [dev]"],
      ["runware:100@1", "FLUX.1 [schnell]"],
    ]);
    expect(
      settingsChanges(
        { model: "runware:101@1", width: 512, height: 512, steps: 30 },
        { model: "runware:100@1", width: 768, height: 512, steps: 4 },
        names,
      ),
    ).toEqual(["Model: FLUX.1 [dev] → FLUX.1 [schnell]", "Steps: 30 → 4", "Size: 512×512 → 768×512"]);
    expect(
      settingsChanges(
        { model: "runware:101@1", width: 512, height: 512 },
        { model: "bfl:2@1", width: 512, height: 512, CFGScale: 3 },
      ),
    ).toEqual([
      "Model: runware:101@1 → bfl:2@1",
      "Provider: runware → bfl",
      "CFG scale: the model's default → 3",
    ]);
    expect(settingsChanges({ model: "m", width: 1, height: 1 }, { model: "m", width: 1, height: 1 })).toEqual(
      [],
    );
  });
});
