import { describe, expect, it } from "vitest";
import { newAxis, toSpec, withoutValue } from "./axis-draft";

describe("the Vary dialog's axis drafts", () => {
  it("turn typed text into axis specs, and are null while incomplete", () => {
    const cfg = { ...newAxis("field", "imageInference", ""), list: "3, 7, 99" };
    expect(toSpec(cfg)).toEqual({ kind: "values", path: "CFGScale", values: [3, 7, 99] });
    expect(toSpec({ ...cfg, mode: "range", from: "2", to: "8", step: "" })).toBeNull();
    expect(toSpec({ ...cfg, mode: "range", from: "2", to: "8", step: "2" })).toEqual({
      kind: "range",
      path: "CFGScale",
      from: 2,
      to: 8,
      step: 2,
    });
    expect(toSpec({ ...newAxis("prompts", "imageInference", "a fox"), prompts: "a fox\n\n a cat " })).toEqual(
      {
        kind: "prompts",
        prompts: ["a fox", "a cat"],
      },
    );
    expect(toSpec({ ...newAxis("seeds", "imageInference", ""), seedStart: "5", seedCount: "3" })).toEqual({
      kind: "seedCount",
      start: 5,
      count: 3,
    });
    expect(
      toSpec({ ...newAxis("field", "imageInference", ""), list: "euler, dpm", path: "scheduler" }),
    ).toEqual({
      kind: "values",
      path: "scheduler",
      values: ["euler", "dpm"],
    });
  });

  it("take one value out of a list", () => {
    const cfg = { ...newAxis("field", "imageInference", ""), list: "3, 99, 7" };
    expect(toSpec(withoutValue(cfg, 1))).toEqual({ kind: "values", path: "CFGScale", values: [3, 7] });
    const prompts = { ...newAxis("prompts", "imageInference", ""), prompts: "a\nb\nc" };
    expect(withoutValue(prompts, 0).prompts).toBe("b\nc");
  });
});
