import { describe, expect, it } from "vitest";
import { cameraAt } from "./camera";
import { createFrame } from "./raster";
import { readScene } from "./scene";
import { ScenePainter } from "./scene-painter";
import { buildSubjectSprites, withSubjectSetting } from "./subject-layer";
import { buildTimeline } from "./timeline";

const W = 416;
const H = 240;

/** Frame `t` of a prompt's procedural scene, with or without its subjects. */
function frame(prompt: string, t: number, withSubjects: boolean): Uint32Array {
  const scene = withSubjectSetting(readScene(prompt, 5), prompt);
  const timeline = buildTimeline(scene, 5, 2, { title: false, cards: 0, dissolve: false });
  const subjects = withSubjects ? buildSubjectSprites(prompt, 5, scene, W, H) : [];
  const painter = new ScenePainter(scene, 5, W, H, 2, timeline, subjects);
  const f = createFrame(W, H);
  painter.paint(f, t, cameraAt("static", t, 2, 1, W, H, false));
  return f.px;
}

/** Share of pixels that differ clearly, and the mean column of those. */
function change(a: Uint32Array, b: Uint32Array): { share: number; meanX: number } {
  let n = 0;
  let sx = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as number;
    const q = b[i] as number;
    const d =
      Math.abs((p & 0xff) - (q & 0xff)) +
      Math.abs(((p >>> 8) & 0xff) - ((q >>> 8) & 0xff)) +
      Math.abs(((p >>> 16) & 0xff) - ((q >>> 16) & 0xff));
    if (d > 30) {
      n++;
      sx += i % W;
    }
  }
  return { share: n / a.length, meanX: n ? sx / n : -1 };
}

describe("subjects in video", () => {
  it("draws the lighthouse of 'a lighthouse on a cliff at dusk' with the image renderer's painter", () => {
    const prompt = "a lighthouse on a cliff at dusk";
    const scene = readScene(prompt, 5);
    const sprites = buildSubjectSprites(prompt, 5, scene, W, H);
    expect(sprites.map((s) => s.subject)).toEqual(["lighthouse"]);
    const { share, meanX } = change(frame(prompt, 0, true), frame(prompt, 0, false));
    expect(share).toBeGreaterThan(0.02);
    expect(Math.abs(meanX - W / 2)).toBeLessThan(W / 4);
    // Same prompt and seed, same frame.
    expect(frame(prompt, 0.5, true)).toEqual(frame(prompt, 0.5, true));
  });

  it("draws every subject the prompt names, and none for an unknown one", () => {
    const scene = readScene("x", 1);
    expect(
      buildSubjectSprites("a horse and a house", 1, scene, W, H)
        .map((s) => s.subject)
        .sort(),
    ).toEqual(["horse", "house"]);
    expect(buildSubjectSprites("a zorblax on a hill", 1, scene, W, H)).toEqual([]);
  });

  it("moves a car along the road between frames, and gives a boat water to float on", () => {
    const car = "a red car on a road";
    const early = change(frame(car, 0, true), frame(car, 0, false));
    const late = change(frame(car, 1, true), frame(car, 1, false));
    expect(Math.abs(late.meanX - early.meanX)).toBeGreaterThan(2);
    expect(withSubjectSetting(readScene("a sailboat", 3), "a sailboat").water).toBe(true);
  });
});
