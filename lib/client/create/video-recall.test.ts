import { describe, expect, it } from "vitest";
import { videoDefaults } from "./video-form-values";
import { videoRecall } from "./video-recall";

const MODEL = "acme:video@3.0-prime";
const FIRST = "6a0f3b2e-9c1d-4e8f-a7b6-5c4d3e2f1a0b";
const textTask = {
  taskType: "videoInference",
  model: MODEL,
  positivePrompt: "a fox",
  width: 832,
  height: 480,
  seed: 7,
};
const framesTask = {
  taskType: "videoInference",
  model: MODEL,
  inputs: { frameImages: [FIRST] },
  resolution: "720p",
};

describe("recalling a video task", () => {
  it("a whole task replaces the form, leaving no other mode's media", () => {
    const recall = videoRecall(framesTask, "all", null, videoDefaults(MODEL));
    expect("reset" in recall).toBe(true);
    if ("reset" in recall) {
      expect(recall.reset.inputs).toEqual({ frameImages: [FIRST] });
      expect(recall.reset.resolution).toBe("720p");
      expect(recall.reset).not.toHaveProperty("taskType");
    }
  });

  it("the size of a text task is its pair, of a media task its tier", () => {
    expect(videoRecall(textTask, "size", null, videoDefaults(MODEL))).toEqual({
      apply: { width: 832, height: 480 },
    });
    expect(videoRecall(framesTask, "size", null, videoDefaults(MODEL))).toEqual({
      apply: { resolution: "720p" },
    });
  });

  it("takes a result's own seed, and only the video form's fields", () => {
    expect(videoRecall(textTask, "seed", "42", videoDefaults(MODEL))).toEqual({ apply: { seed: 42 } });
    // The shared prompt recall also names the image-only negative prompt, which a video task lacks.
    expect(videoRecall(textTask, "prompt", null, videoDefaults(MODEL))).toEqual({
      apply: { positivePrompt: "a fox" },
    });
  });
});
