import { describe, expect, it } from "vitest";
import { plainNumber, recipeText, seedKeyOf } from "./seed-key";

const base = {
  taskType: "imageInference",
  taskUUID: "5b1c8d1e-0d6a-4c55-9f0e-1a2b3c4d5e6f",
  positivePrompt: "A lighthouse at dusk",
  model: "runware:100@1",
  width: 1024,
  height: 768,
  steps: 30,
  CFGScale: 7.5,
  seed: 1234,
  lora: [{ model: "civitai:7@1", weight: 0.8 }],
};

describe("a seed stack's key", () => {
  it("is the same for recipes that differ only by seed, task id, count or delivery", () => {
    const key = seedKeyOf(base);
    expect(seedKeyOf({ ...base, seed: 99, taskUUID: "0f6c7d0e-1111-4c55-9f0e-1a2b3c4d5e6f" })).toBe(key);
    const { seed: _seed, ...noSeed } = base;
    expect(seedKeyOf(noSeed)).toBe(key);
    expect(
      seedKeyOf({ ...base, numberResults: 4, includeCost: true, outputType: "URL", deliveryMethod: "async" }),
    ).toBe(key);
    expect(seedKeyOf({ ...base, webhookURL: "https://example.com/hook", ttl: 300 })).toBe(key);
  });

  it("does not care in which order the recipe's keys were written", () => {
    const reversed = Object.fromEntries(Object.entries(base).reverse());
    expect(seedKeyOf(reversed)).toBe(seedKeyOf(base));
  });

  it("differs for a near miss: another prompt, another size, one extra LoRA", () => {
    const key = seedKeyOf(base);
    expect(seedKeyOf({ ...base, positivePrompt: "A lighthouse at dawn" })).not.toBe(key);
    expect(seedKeyOf({ ...base, positivePrompt: "A lighthouse at dusk " })).not.toBe(key);
    expect(seedKeyOf({ ...base, width: 768, height: 1024 })).not.toBe(key);
    expect(seedKeyOf({ ...base, height: 769 })).not.toBe(key);
    expect(seedKeyOf({ ...base, lora: [...base.lora, { model: "civitai:8@1", weight: 0.5 }] })).not.toBe(key);
    expect(seedKeyOf({ ...base, lora: [{ model: "civitai:7@1", weight: 0.9 }] })).not.toBe(key);
    expect(seedKeyOf({ ...base, CFGScale: 7 })).not.toBe(key);
    expect(seedKeyOf({ ...base, negativePrompt: "blur" })).not.toBe(key);
    expect(seedKeyOf({ ...base, taskType: "videoInference" })).not.toBe(key);
  });

  it('tells a value from its text: 30 steps are not "30" steps', () => {
    expect(seedKeyOf({ ...base, steps: "30" })).not.toBe(seedKeyOf(base));
  });
});

describe("the recipe's text", () => {
  it("is jsonb's: shorter keys first, then by bytes, with jsonb's spacing", () => {
    expect(recipeText({ bb: [1, 2], a: { d: null, c: true }, ab: "x" })).toBe(
      '{"a": {"c": true, "d": null}, "ab": "x", "bb": [1, 2]}',
    );
    expect(recipeText({ é: 1, z: 2 })).toBe('{"z": 2, "é": 1}');
    expect(recipeText([])).toBe("[]");
    expect(recipeText({})).toBe("{}");
  });

  it("prints numbers as numeric does, never with an exponent", () => {
    expect(plainNumber(1e-7)).toBe("0.0000001");
    expect(plainNumber(1.5e-7)).toBe("0.00000015");
    expect(plainNumber(1e21)).toBe("1000000000000000000000");
    expect(plainNumber(-2.5e22)).toBe("-25000000000000000000000");
    expect(plainNumber(7.5)).toBe("7.5");
    expect(plainNumber(-0)).toBe("0");
  });
});
