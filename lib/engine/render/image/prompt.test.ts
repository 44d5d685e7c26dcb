import { describe, expect, it } from "vitest";
import { readIntent } from "./intent";
import { parsePrompt } from "./prompt-syntax";
import { cacheSkipFraction, internalScale, samplingOf, schedulerFamily } from "./sampling";

const weightOf = (words: { word: string; weight: number }[], word: string) =>
  words.find((w) => w.word === word)?.weight;

describe("prompt weighting", () => {
  it("reads compel: word+/-, (text)weight, blend and and", () => {
    const w = parsePrompt("sunset++ over the sea- (neon city)1.5", "compel");
    expect(weightOf(w, "sunset")).toBeCloseTo(1.21);
    expect(weightOf(w, "sea")).toBeCloseTo(0.9);
    expect(weightOf(w, "over")).toBe(1);
    expect(weightOf(w, "neon")).toBe(1.5);
    expect(weightOf(w, "city")).toBe(1.5);
    const blend = parsePrompt('("a forest", "a desert").blend(0.75, 0.25)', "compel");
    expect(weightOf(blend, "forest")).toBeCloseTo(1.5);
    expect(weightOf(blend, "desert")).toBeCloseTo(0.5);
    const and = parsePrompt('("snowy mountains", "a lake").and()', "compel");
    expect([weightOf(and, "mountains"), weightOf(and, "lake")]).toEqual([1, 1]);
  });

  it("reads sdEmbeds: (text), ((text)), [text], (text:1.4)", () => {
    const w = parsePrompt("(sun) ((moon)) [stars] (sea:1.4) city", "sdEmbeds");
    expect(weightOf(w, "sun")).toBeCloseTo(1.1);
    expect(weightOf(w, "moon")).toBeCloseTo(1.21);
    expect(weightOf(w, "stars")).toBeCloseTo(1 / 1.1);
    expect(weightOf(w, "sea")).toBeCloseTo(1.4);
    expect(weightOf(w, "city")).toBe(1);
  });

  it("treats the syntax as plain text without promptWeighting", () => {
    expect(parsePrompt("sea++ (city)1.5").every((w) => w.weight === 1)).toBe(true);
  });
});

describe("intent", () => {
  it("finds elements, light, colours and styles; the negative prompt subtracts", () => {
    const i = readIntent("a watercolor of red flowers under snowy mountains at sunset", "flowers");
    expect(i.elements.has("mountains")).toBe(true);
    expect(i.elements.has("flowers")).toBe(false);
    expect(i.times.has("sunset")).toBe(true);
    expect(i.styles.has("watercolor")).toBe(true);
    expect(i.colours[0]?.rgb).toEqual([214, 40, 40]);
  });

  it("treats __BLANK__ as no text guidance and unknown words as an abstract composition", () => {
    expect(readIntent("__BLANK__", undefined).blank).toBe(true);
    const unknown = readIntent("a ceramic teapot", undefined);
    expect([...unknown.elements.keys()]).toEqual(["abstract"]);
    expect(unknown.subjects.size).toBe(0);
  });
});

describe("sampling", () => {
  it("maps scheduler names to families", () => {
    expect(schedulerFamily("Euler a").family).toBe("ancestral");
    expect(schedulerFamily("DPM++ 2M Karras")).toEqual({ family: "dpm", karras: true });
    expect(schedulerFamily("DPM++ SDE").family).toBe("sde");
    expect(schedulerFamily("FlowMatchEulerDiscreteScheduler").family).toBe("euler");
    expect(schedulerFamily(undefined).family).toBe("euler");
  });

  it("skips steps with caches and presets, lowering the internal resolution", () => {
    expect(cacheSkipFraction({}, 20)).toBe(0);
    expect(cacheSkipFraction({ deepCache: true, deepCacheInterval: 3 }, 20)).toBeGreaterThan(0.4);
    const none = samplingOf({
      width: 1024,
      height: 1024,
      seed: 1,
      prompt: "x",
      format: "JPG",
      quality: 90,
      steps: 30,
    });
    const high = samplingOf({
      width: 1024,
      height: 1024,
      seed: 1,
      prompt: "x",
      format: "JPG",
      quality: 90,
      steps: 30,
      acceleration: "high",
    });
    expect(high.effectiveSteps).toBeLessThan(none.effectiveSteps);
    expect(internalScale(1024, 1024, high)).toBeGreaterThan(internalScale(1024, 1024, none));
    const sde = samplingOf({
      width: 64,
      height: 64,
      seed: 1,
      prompt: "x",
      format: "JPG",
      quality: 90,
      scheduler: "Euler Ancestral",
      acceleration: "high",
    });
    expect(sde.cacheArtefacts).toBeGreaterThan(0);
  });
});
