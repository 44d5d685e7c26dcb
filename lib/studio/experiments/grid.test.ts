import { describe, expect, it } from "vitest";
import { parseTask } from "@/lib/protocol";
import type { ServiceError } from "@/lib/protocol/errors";
import { applyPatches, expandAxis, isParamPath, pathName } from "./axes";
import { buildGrid, combinations, type TaskCheck } from "./grid";

const base = {
  taskType: "imageInference",
  positivePrompt: "a red fox in fresh snow, watercolor",
  model: "runware:100@1",
  width: 512,
  height: 512,
  steps: 20,
  CFGScale: 7,
};

/** The contract's own parser, as the studio checks an experiment before running it. */
const contract: TaskCheck = (params) => {
  const out = parseTask({ ...params, taskUUID: crypto.randomUUID() });
  return out.ok ? [] : out.errors;
};

describe("axes", () => {
  it("replaces a prompt fragment with each text, keeping the rest of the prompt", () => {
    const out = expandAxis(
      { kind: "promptReplace", find: "watercolor", replacements: ["oil painting", "pixel art", ""] },
      base,
    );
    if (!out.ok) throw new Error(out.problem.message);
    expect(out.axis.values.map((v) => v.patches[0]?.value)).toEqual([
      "a red fox in fresh snow, oil painting",
      "a red fox in fresh snow, pixel art",
      "a red fox in fresh snow, ",
    ]);
    expect(out.axis.values.map((v) => v.label)).toEqual(["oil painting", "pixel art", "(removed)"]);
  });

  it("says when the prompt does not hold the fragment, on the fragment", () => {
    const out = expandAxis({ kind: "promptReplace", find: "oil", replacements: ["x"] }, base);
    expect(out).toEqual({
      ok: false,
      problem: { field: "find", message: "The prompt does not contain “oil”." },
    });
  });

  it("walks a range in whole steps, ends included", () => {
    const out = expandAxis({ kind: "range", path: "strength", from: 0.1, to: 0.5, step: 0.1 }, base);
    if (!out.ok) throw new Error(out.problem.message);
    expect(out.axis.values.map((v) => v.patches[0]?.value)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    const down = expandAxis({ kind: "range", path: "CFGScale", from: 9, to: 3, step: 3 }, base);
    expect(down.ok && down.axis.values.map((v) => v.patches[0]?.value)).toEqual([9, 6, 3]);
  });

  it("refuses a range without a positive step, or longer than an axis holds", () => {
    expect(expandAxis({ kind: "range", path: "steps", from: 1, to: 10, step: 0 }, base)).toMatchObject({
      ok: false,
      problem: { field: "step" },
    });
    expect(expandAxis({ kind: "range", path: "steps", from: 1, to: 100, step: 1 }, base)).toMatchObject({
      ok: false,
      problem: { field: "step", message: "An axis takes at most 50 values (this one has 100)." },
    });
  });

  it("counts seeds from a start", () => {
    const out = expandAxis({ kind: "seedCount", start: 40, count: 3 }, base);
    expect(out.ok && out.axis.values.map((v) => v.label)).toEqual(["seed 40", "seed 41", "seed 42"]);
  });

  it("names fields in words and never walks into a prototype", () => {
    expect(pathName("CFGScale")).toBe("CFG");
    expect(pathName("lora.0.weight")).toBe("LoRA 1 weight");
    expect(isParamPath("providerSettings.bfl.safetyTolerance")).toBe(true);
    expect(isParamPath("__proto__.polluted")).toBe(false);
    expect(isParamPath("lora.constructor.prototype")).toBe(false);
    expect(expandAxis({ kind: "values", path: "__proto__.x", values: [1] }, base)).toMatchObject({
      ok: false,
    });
    const patched = applyPatches(base, [{ path: "__proto__.polluted", value: 1 }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(patched).toEqual(base);
  });

  it("makes the lists and objects a nested path needs, without touching the base", () => {
    const withLora = { ...base, lora: [{ model: "civitai:1@1", weight: 1 }] };
    const out = applyPatches(withLora, [
      { path: "lora.0.weight", value: 0.4 },
      { path: "providerSettings.bfl.raw", value: true },
    ]);
    expect(out.lora).toEqual([{ model: "civitai:1@1", weight: 0.4 }]);
    expect(out.providerSettings).toEqual({ bfl: { raw: true } });
    expect(withLora.lora[0]?.weight).toBe(1);
  });
});

describe("grid", () => {
  it("expands three prompts by three CFGs into nine cells, row by row", () => {
    const grid = buildGrid(
      base,
      [
        { kind: "prompts", prompts: ["a fox", "a cat", "a dog"] },
        { kind: "values", path: "CFGScale", values: [3, 7, 12] },
      ],
      contract,
    );
    if (!grid.ok) throw new Error("grid refused");
    expect(grid.cells).toHaveLength(9);
    expect(grid.runnable).toBe(9);
    expect(grid.cells[1]?.coords).toEqual([0, 1]);
    expect(grid.cells[1]?.params).toMatchObject({ positivePrompt: "a fox", CFGScale: 7 });
    expect(grid.cells[8]?.params).toMatchObject({ positivePrompt: "a dog", CFGScale: 12 });
  });

  it("marks a value the contract refuses on its axis, and never runs its cells", () => {
    const grid = buildGrid(
      base,
      [
        { kind: "seeds", seeds: [1, 2] },
        { kind: "values", path: "CFGScale", values: [7, 60] },
      ],
      contract,
    );
    if (!grid.ok) throw new Error("grid refused");
    expect(grid.axes[1]?.refusals[0]).toEqual([]);
    expect(grid.axes[1]?.refusals[1]?.[0]).toMatchObject({ code: "invalidCFGScale", parameter: "CFGScale" });
    expect(grid.runnable).toBe(2);
    expect(grid.cells.filter((c) => c.errors.length > 0).map((c) => c.coords)).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it("marks a combination refused only together on its cell, not on either axis", () => {
    // A rule of two fields (as the video contract's size and duration rules are).
    const tooMuch: TaskCheck = (p) =>
      Number(p.steps) * Number(p.CFGScale) > 300
        ? [{ code: "invalidSteps", message: "too much together", parameter: "steps" } satisfies ServiceError]
        : [];
    const grid = buildGrid(
      base,
      [
        { kind: "values", path: "steps", values: [10, 40] },
        { kind: "values", path: "CFGScale", values: [5, 10] },
      ],
      tooMuch,
    );
    if (!grid.ok) throw new Error("grid refused");
    expect(grid.axes.flatMap((a) => a.refusals.flat())).toEqual([]);
    expect(grid.cells.map((c) => c.errors.length)).toEqual([0, 0, 0, 1]);
  });

  it("says which axis is wrong before checking any value", () => {
    const grid = buildGrid(
      base,
      [
        { kind: "seeds", seeds: [1] },
        { kind: "promptReplace", find: "cat", replacements: ["dog"] },
      ],
      contract,
    );
    expect(grid).toEqual({
      ok: false,
      problems: [{ axis: 1, problem: { field: "find", message: "The prompt does not contain “cat”." } }],
    });
    expect(buildGrid(base, [], contract)).toMatchObject({ ok: false });
  });

  it("refuses a grid past the cell limit", () => {
    const many = { kind: "seedCount", start: 1, count: 50 } as const;
    expect(buildGrid(base, [many, many], contract)).toMatchObject({
      ok: false,
      problems: [{ problem: { message: "That makes 2500 cells; a grid holds at most 1000." } }],
    });
  });

  it("lists combinations with the last axis fastest", () => {
    expect([...combinations([2, 2])]).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect([...combinations([0, 3])]).toEqual([]);
  });

  it("does not mark a value refused for a field another axis fills in", () => {
    const { positivePrompt: _none, ...noPrompt } = base;
    const out = buildGrid(
      noPrompt,
      [
        { kind: "prompts", prompts: ["a fox", "a cat"] },
        { kind: "values", path: "CFGScale", values: [3, 99] },
      ],
      contract,
    );
    if (!out.ok) throw new Error("grid refused");
    expect(out.axes[0]?.refusals).toEqual([[], []]);
    expect(out.axes[1]?.refusals[0]).toEqual([]);
    expect(out.axes[1]?.refusals[1]?.[0]?.parameter).toBe("CFGScale");
    expect(out.runnable).toBe(2);
  });
});
