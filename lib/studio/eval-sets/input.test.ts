import { describe, expect, it } from "vitest";
import {
  caseKey,
  casesFrom,
  createSetSchema,
  runSettingsSchema,
  settingsWords,
  updateSetSchema,
} from "./input";

describe("evaluation set input", () => {
  it("takes a set by hand or from a source", () => {
    expect(createSetSchema.safeParse({ name: "Foxes", cases: [{ prompt: "a fox", seed: 1 }] }).success).toBe(
      true,
    );
    expect(
      createSetSchema.safeParse({
        name: "From a board",
        from: { kind: "board", id: "00000000-0000-4000-8000-000000000000" },
      }).success,
    ).toBe(true);
    expect(createSetSchema.safeParse({ name: " " }).success).toBe(false);
    expect(createSetSchema.safeParse({ name: "x", from: { kind: "board", id: "../x" } }).success).toBe(false);
  });

  it("needs something to change", () => {
    expect(updateSetSchema.safeParse({}).success).toBe(false);
    expect(updateSetSchema.safeParse({ cases: [] }).success).toBe(true);
  });

  it("bounds a run's settings", () => {
    expect(runSettingsSchema.safeParse({ model: "runware:100@1", width: 512, height: 512 }).success).toBe(
      true,
    );
    expect(runSettingsSchema.safeParse({ model: "", width: 512, height: 512 }).success).toBe(false);
    expect(runSettingsSchema.safeParse({ model: "m", width: 512, height: 512, steps: 0 }).success).toBe(
      false,
    );
  });

  it("says a run's settings in words", () => {
    expect(settingsWords({ model: "runware:101@1", steps: 30, CFGScale: 7, width: 512, height: 768 })).toBe(
      "runware:101@1 · 30 steps · CFG 7 · 512×768",
    );
  });
});

describe("cases from results", () => {
  it("keeps each prompt and seed once, seeds read from the database's text", () => {
    expect(
      casesFrom([
        { prompt: "a fox", seed: "42" },
        { prompt: "a fox", seed: 42 },
        { prompt: "a fox", seed: "43", negativePrompt: "blur" },
        { prompt: "", seed: 1 },
        { prompt: "no seed", seed: null },
        { prompt: "too big", seed: "9223372036854775807" },
      ]),
    ).toEqual([
      { prompt: "a fox", seed: 42 },
      { prompt: "a fox", seed: 43, negativePrompt: "blur" },
    ]);
  });

  it("tells cases apart by prompt, seed and negative prompt", () => {
    expect(caseKey({ prompt: "a fox ", seed: 1 })).toBe(
      caseKey({ prompt: "a fox", seed: 1, negativePrompt: "" }),
    );
    expect(caseKey({ prompt: "a fox", seed: 1 })).not.toBe(caseKey({ prompt: "a fox", seed: 2 }));
  });
});
