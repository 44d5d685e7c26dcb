import { describe, expect, it } from "vitest";
import { formatParamValue, paramDiff, sameValue } from "./param-diff";

const base = {
  taskType: "imageInference",
  taskUUID: "11111111-1111-4111-8111-111111111111",
  positivePrompt: "a fox",
  model: "runware:100@1",
  width: 512,
  height: 512,
  steps: 20,
  CFGScale: 7,
  seed: 42,
};

describe("paramDiff", () => {
  it("lists only the parameters that differ, named in people's words", () => {
    const rows = paramDiff(
      [base, { ...base, taskUUID: "22222222-2222-4222-8222-222222222222", steps: 30, CFGScale: 4.5 }],
      { omit: ["positivePrompt"] },
    );
    expect(rows.map((r) => [r.label, r.values])).toEqual([
      ["Steps", [20, 30]],
      ["Guidance (CFG)", [7, 4.5]],
    ]);
  });

  it("orders rows as the forms do, whatever order the stored keys come in", () => {
    const rows = paramDiff([
      { zeta: 1, steps: 20, width: 512, model: "a", alpha: 1 },
      { zeta: 2, steps: 30, width: 768, model: "b", alpha: 2 },
    ]);
    expect(rows.map((r) => r.path)).toEqual(["model", "width", "steps", "alpha", "zeta"]);
  });

  it("ignores the task's own id and keys the studio sets", () => {
    const rows = paramDiff([
      { ...base, webhookURL: "https://a.example/hook", deliveryMethod: "async" },
      { ...base, taskUUID: "other", webhookURL: "https://b.example/hook", deliveryMethod: "sync" },
    ]);
    expect(rows).toEqual([]);
  });

  it("flattens nested settings to readable paths, and lists of different length item by item", () => {
    const rows = paramDiff([
      { ...base, lora: [{ model: "civitai:1@1", weight: 0.8 }] },
      {
        ...base,
        lora: [
          { model: "civitai:1@1", weight: 1 },
          { model: "civitai:2@1", weight: 0.5 },
        ],
      },
    ]);
    expect(rows.map((r) => [r.path, r.label, r.values])).toEqual([
      ["lora.0.weight", "LoRA 1 weight", [0.8, 1]],
      ["lora.1.model", "LoRA 2 model", [undefined, "civitai:2@1"]],
      ["lora.1.weight", "LoRA 2 weight", [undefined, 0.5]],
    ]);
  });

  it("names a key only one task has, with 'Not set' for the others", () => {
    const rows = paramDiff([base, base, { ...base, scheduler: "Euler" }]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.label).toBe("Scheduler");
    expect(rows[0]?.values.map(formatParamValue)).toEqual(["Not set", "Not set", "Euler"]);
  });

  it("reads a number and the same number spelled as text as one value", () => {
    expect(paramDiff([{ seed: 42 }, { seed: "42" }])).toEqual([]);
    expect(paramDiff([{ CFGScale: 7 }, { CFGScale: "7.0" }])).toEqual([]);
    expect(paramDiff([{ steps: 7 }, { steps: "7.5" }])).toHaveLength(1);
    expect(paramDiff([{ model: "7" }, { model: "seven" }])).toHaveLength(1);
    // Seeds past a JS number's precision keep every digit.
    expect(sameValue("9223372036854775807", "9223372036854775806")).toBe(false);
    expect(sameValue("9223372036854775807", "09223372036854775807")).toBe(true);
  });

  it("tells a list from its absence and an empty list from none", () => {
    expect(paramDiff([{ lora: [] }, {}]).map((r) => r.values)).toEqual([[[], undefined]]);
    expect(paramDiff([{ lora: [] }, { lora: [] }])).toEqual([]);
    expect(
      paramDiff([{ safety: { checkContent: true } }, { safety: { checkContent: false } }])[0]?.label,
    ).toBe("Safety content check");
  });

  it("compares stored media by their content, not their key order", () => {
    const ref = (sha256: string) => ({ $inline: { mime: "image/png", bytes: 10, sha256 } });
    expect(paramDiff([{ seedImage: ref("a") }, { seedImage: ref("a") }])).toEqual([]);
    const rows = paramDiff([{ seedImage: ref("a") }, { seedImage: ref("b") }]);
    expect(rows.map((r) => r.label)).toEqual(["Source image"]);
    expect(formatParamValue(rows[0]?.values[0])).toBe("Attached image");
  });

  it("formats each kind of value for the table", () => {
    expect(formatParamValue(true)).toBe("On");
    expect(formatParamValue(false)).toBe("Off");
    expect(formatParamValue(null)).toBe("None");
    expect(formatParamValue("")).toBe("Empty");
    expect(formatParamValue(4.5)).toBe("4.5");
  });
});

describe("paramDiff reads an omitted parameter as the contract's default", () => {
  const { steps: _steps, CFGScale: _cfg, ...bare } = base;

  it("finds no difference between steps omitted and steps 20", () => {
    expect(paramDiff([bare, { ...bare, steps: 20 }])).toEqual([]);
    expect(paramDiff([{ ...bare, CFGScale: 7, outputFormat: "JPG", numberResults: 1 }, bare])).toEqual([]);
  });

  it("shows the default a task omitted beside a value that differs from it", () => {
    const rows = paramDiff([bare, { ...bare, steps: 30 }]);
    expect(rows.map((r) => [r.label, r.values])).toEqual([["Steps", [20, 30]]]);
  });

  it("leaves steps to an acceleration preset, which picks its own", () => {
    const rows = paramDiff([
      { ...bare, acceleration: "high" },
      { ...bare, acceleration: "high", steps: 20 },
    ]);
    expect(rows.map((r) => [r.label, r.values])).toEqual([["Steps", [undefined, 20]]]);
  });

  it("fills the defaults of nested items: a LoRA without a weight weighs 1", () => {
    expect(
      paramDiff([
        { ...bare, lora: [{ model: "civitai:1@1" }] },
        { ...bare, lora: [{ model: "civitai:1@1", weight: 1 }] },
      ]),
    ).toEqual([]);
  });
});
