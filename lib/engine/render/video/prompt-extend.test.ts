import { describe, expect, it } from "vitest";
import { extendPrompt } from "./prompt-extend";
import { readScene } from "./scene";

describe("extendPrompt", () => {
  it("is deterministic per seed and differs between seeds", () => {
    expect(extendPrompt("a lighthouse on a cliff", 1)).toBe(extendPrompt("a lighthouse on a cliff", 1));
    const variants = new Set(Array.from({ length: 8 }, (_, s) => extendPrompt("a lighthouse on a cliff", s)));
    expect(variants.size).toBeGreaterThan(3);
  });

  it("keeps the prompt first and adds camera and light only when the prompt names none", () => {
    const plain = extendPrompt("a lighthouse on a cliff.", 4);
    expect(plain.startsWith("a lighthouse on a cliff, ")).toBe(true);
    expect(readScene(plain, 4).camera.move).not.toBe(undefined);
    const named = extendPrompt("a lighthouse at sunset, pan left", 4);
    expect(named).not.toMatch(/zoom|dolly|tilt|pan right/);
    expect(named).not.toMatch(/night|dawn|bright day/);
    // The rewritten prompt drives the render: its camera phrase is the scene's camera.
    expect(readScene(named, 4).camera.move).toBe("panLeft");
  });
});
