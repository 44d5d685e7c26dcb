import { describe, expect, it } from "vitest";
import { cameraAt } from "./camera";
import { readScene } from "./scene";
import { buildTimeline } from "./timeline";

describe("readScene", () => {
  it("reads time of day, setting and palette from the words", () => {
    const sunset = readScene("sunset over the sea", 1);
    const neon = readScene("neon city at night", 1);
    expect(sunset).toMatchObject({ time: "sunset", water: true, light: { kind: "sun" } });
    expect(neon).toMatchObject({ time: "night", neon: true, light: { kind: "moon" } });
    expect(neon.terrain).toContain("city");
    expect(neon.particles).toEqual(expect.arrayContaining(["stars", "bokeh"]));
    // Warm horizon against a magenta haze.
    expect(sunset.skyHorizon[0]).toBeGreaterThan(sunset.skyHorizon[2] + 80);
    expect(neon.skyTop[0] + neon.skyTop[1] + neon.skyTop[2]).toBeLessThan(60);
  });

  it("camera words choose the move and speed words its pace", () => {
    expect(readScene("a valley, slow zoom in", 3).camera.move).toBe("zoomIn");
    expect(readScene("a valley, slow zoom in", 3).speed).toBe(0.5);
    expect(readScene("mountains, pan left", 3).camera.move).toBe("panLeft");
    expect(readScene("mountains, zoom out", 3).camera.move).toBe("zoomOut");
    expect(readScene("fast dolly in through the forest", 3)).toMatchObject({
      camera: { move: "dollyIn" },
      speed: 2,
    });
    expect(readScene("a static shot of the desert", 3).camera.move).toBe("static");
    expect(readScene("handheld walk in the rain", 3).camera.handheld).toBe(true);
  });

  it("weather and particles follow the prompt", () => {
    expect(readScene("thunderstorm over the hills", 1)).toMatchObject({ lightning: true, light: null });
    expect(readScene("snow in the mountains", 1).particles).toContain("snow");
    expect(readScene("campfire embers", 1).particles).toContain("embers");
    expect(readScene("underwater coral reef", 1)).toMatchObject({ underwater: true, water: false });
  });

  it("is deterministic per prompt and seed; the seed varies what the prompt leaves open", () => {
    expect(readScene("a quiet place", 5)).toEqual(readScene("a quiet place", 5));
    const moves = new Set(Array.from({ length: 12 }, (_, s) => readScene("a quiet place", s).camera.move));
    expect(moves.size).toBeGreaterThan(2);
  });
});

describe("camera and timeline", () => {
  it("moves start at rest and follow the move; fast covers more ground than slow", () => {
    expect(cameraAt("zoomIn", 0, 5, 1, 832, 480, false).scale).toBe(1);
    expect(cameraAt("zoomIn", 1, 5, 1, 832, 480, false).scale).toBeGreaterThan(1.1);
    expect(cameraAt("zoomOut", 1, 5, 1, 832, 480, false).scale).toBe(1);
    expect(cameraAt("panLeft", 1, 5, 1, 832, 480, false).x).toBeLessThan(0);
    const slow = cameraAt("panRight", 1, 5, 0.5, 832, 480, false).x;
    const fast = cameraAt("panRight", 1, 5, 2, 832, 480, false).x;
    expect(fast).toBeGreaterThan(slow * 3);
  });

  it("tempo follows speed; events sit on beats", () => {
    const calm = buildTimeline(readScene("slow calm lake", 1), 1, 5, {
      title: true,
      cards: 2,
      dissolve: false,
    });
    const storm = buildTimeline(readScene("fast thunderstorm", 1), 1, 8, {
      title: false,
      cards: 0,
      dissolve: false,
    });
    expect(calm.bpm).toBeLessThan(storm.bpm);
    expect(calm.events.map((e) => e.kind).sort()).toEqual(["card", "card", "title"]);
    expect(storm.events.some((e) => e.kind === "flash")).toBe(true);
    const beat = 60 / storm.bpm;
    for (const e of storm.events) expect(Math.abs(e.at / beat - Math.round(e.at / beat))).toBeLessThan(1e-9);
  });
});
