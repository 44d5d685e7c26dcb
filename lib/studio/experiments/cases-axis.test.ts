import { describe, expect, it } from "vitest";
import { applyPatches, expandAxis, MAX_AXIS_VALUES } from "./axes";
import { buildGrid } from "./grid";
import { axisSpecSchema, replaceAxisValue } from "./input";

const base = {
  taskType: "imageInference",
  positivePrompt: "the form's prompt",
  negativePrompt: "blurry",
  model: "runware:100@1",
  seed: 9,
};

describe("the cases axis of an evaluation set", () => {
  it("sets each case's prompt, seed and negative prompt together", () => {
    const out = expandAxis(
      {
        kind: "cases",
        cases: [
          { prompt: "a red fox", seed: 1 },
          { prompt: "a lighthouse", seed: 42, negativePrompt: "people" },
        ],
      },
      base,
    );
    if (!out.ok) throw new Error(out.problem.message);
    expect(out.axis.name).toBe("Case");
    expect(out.axis.values.map((v) => v.label)).toEqual([
      "1. a red fox · seed 1",
      "2. a lighthouse · seed 42",
    ]);
    const first = applyPatches(base, out.axis.values[0]?.patches ?? []);
    expect(first).toEqual({
      taskType: "imageInference",
      positivePrompt: "a red fox",
      model: "runware:100@1",
      seed: 1,
    });
    expect("negativePrompt" in first).toBe(false);
    const second = applyPatches(base, out.axis.values[1]?.patches ?? []);
    expect(second).toMatchObject({ positivePrompt: "a lighthouse", seed: 42, negativePrompt: "people" });
  });

  it("refuses an empty set and one past the axis limit", () => {
    expect(expandAxis({ kind: "cases", cases: [] }, base)).toMatchObject({
      ok: false,
      problem: { field: "cases" },
    });
    const many = Array.from({ length: MAX_AXIS_VALUES + 1 }, (_, i) => ({ prompt: `p${i}`, seed: i + 1 }));
    expect(expandAxis({ kind: "cases", cases: many }, base)).toMatchObject({ ok: false });
  });

  it("marks a case the contract refuses on its cell, not sent", () => {
    const grid = buildGrid(
      base,
      [
        {
          kind: "cases",
          cases: [
            { prompt: "ok", seed: 1 },
            { prompt: "x", seed: 2 },
          ],
        },
      ],
      (params) =>
        params.positivePrompt === "x"
          ? [{ code: "invalidPositivePrompt", message: "too short", parameter: "positivePrompt" }]
          : [],
    );
    if (!grid.ok) throw new Error("grid refused");
    expect(grid.runnable).toBe(1);
    expect(grid.axes[0]?.refusals[1]?.[0]?.parameter).toBe("positivePrompt");
  });

  it("is parsed from a request, and is not re-run value by value", () => {
    expect(axisSpecSchema.safeParse({ kind: "cases", cases: [{ prompt: "a", seed: 0 }] }).success).toBe(
      false,
    );
    expect(axisSpecSchema.safeParse({ kind: "cases", cases: [{ prompt: " ", seed: 3 }] }).success).toBe(
      false,
    );
    expect(axisSpecSchema.safeParse({ kind: "cases", cases: [{ prompt: "a", seed: 3 }] }).success).toBe(true);
    expect(replaceAxisValue({ kind: "cases", cases: [{ prompt: "a", seed: 1 }] }, 0, "b").ok).toBe(false);
  });
});
