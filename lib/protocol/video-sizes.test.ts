import { describe, expect, it } from "vitest";
import { parseTask } from "./envelope";
import { DEFAULT_VIDEO_MODEL } from "./video-inference";
import {
  allowedVideoSizesText,
  isAllowedVideoSize,
  VIDEO_ASPECTS,
  VIDEO_SIZES,
  VIDEO_TIERS,
  type VideoTier,
  videoSizeFor,
} from "./video-sizes";

const task = (width: number, height: number) => ({
  taskType: "videoInference",
  taskUUID: "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607",
  model: DEFAULT_VIDEO_MODEL,
  positivePrompt: "a cat surfing",
  width,
  height,
});
const errorsOf = (width: number, height: number) => {
  const out = parseTask(task(width, height), { videoModel: DEFAULT_VIDEO_MODEL });
  return out.ok ? [] : out.errors.map((e) => [e.code, e.parameter]);
};

/** The contract's table, written out again so a typo in VIDEO_SIZES cannot hide. */
const CONTRACT_TABLE: [VideoTier, string, number, number][] = [
  ["480p", "16:9", 832, 480],
  ["480p", "9:16", 480, 832],
  ["480p", "1:1", 624, 624],
  ["480p", "4:3", 720, 544],
  ["480p", "3:4", 544, 720],
  ["720p", "16:9", 1280, 720],
  ["720p", "9:16", 720, 1280],
  ["720p", "1:1", 960, 960],
  ["720p", "4:3", 1104, 832],
  ["720p", "3:4", 832, 1104],
  ["1080p", "16:9", 1920, 1080],
  ["1080p", "9:16", 1080, 1920],
  ["1080p", "1:1", 1440, 1440],
  ["1080p", "4:3", 1648, 1248],
  ["1080p", "3:4", 1248, 1648],
];

describe("allowed video sizes", () => {
  it("match the contract's table exactly", () => {
    expect(VIDEO_SIZES.map((s) => [s.tier, s.aspect, s.width, s.height])).toEqual(CONTRACT_TABLE);
    expect(VIDEO_SIZES).toHaveLength(VIDEO_TIERS.length * VIDEO_ASPECTS.length);
  });

  it.each(CONTRACT_TABLE)("%s %s: %ix%i is accepted", (_tier, _aspect, width, height) => {
    expect(isAllowedVideoSize(width, height)).toBe(true);
    expect(errorsOf(width, height)).toEqual([]);
  });

  it.each([
    [800, 480],
    [480, 480],
    [1024, 576],
    [1920, 1088],
    [1080, 1080],
    // A valid width and a valid height that do not form a pair.
    [832, 720],
  ])("%ix%i is refused as unsupportedDimensions on width", (width, height) => {
    expect(isAllowedVideoSize(width, height)).toBe(false);
    expect(errorsOf(width, height)).toEqual([["unsupportedDimensions", "width"]]);
  });

  it("labels each size with an aspect close to its real ratio", () => {
    for (const s of VIDEO_SIZES) {
      const [w, h] = s.aspect.split(":").map(Number) as [number, number];
      expect(Math.abs(s.width / s.height - w / h), `${s.width}x${s.height}`).toBeLessThan(0.05);
    }
  });

  it("lists every pair for error messages", () => {
    const text = allowedVideoSizesText();
    for (const [, , w, h] of CONTRACT_TABLE) expect(text).toContain(`${w}x${h}`);
  });
});

describe("videoSizeFor", () => {
  it.each([
    ["1080p", 16 / 9, 1920, 1080],
    ["720p", 1, 960, 960],
    ["480p", 9 / 16, 480, 832],
    ["720p", 4 / 3, 1104, 832],
    ["1080p", 3 / 4, 1248, 1648],
    // Ratios between columns go to the nearest one; beyond the table to the widest or tallest.
    ["720p", 1.2, 1104, 832],
    ["480p", 1.1, 624, 624],
    ["1080p", 1.6, 1920, 1080],
    ["480p", 21 / 9, 832, 480],
    ["480p", 0.3, 480, 832],
    // An image's own size as the ratio: a 768x1024 portrait.
    ["1080p", 768 / 1024, 1248, 1648],
  ] as [VideoTier, number, number, number][])("%s at ratio %d is %ix%i", (tier, ratio, width, height) => {
    expect(videoSizeFor(tier, ratio)).toMatchObject({ tier, width, height });
  });

  it("is symmetric: a ratio and its inverse land in transposed sizes", () => {
    for (const tier of VIDEO_TIERS) {
      for (const r of [0.5, 0.7, 0.9, 1.05, 1.25, 1.5, 2]) {
        const a = videoSizeFor(tier, r);
        const b = videoSizeFor(tier, 1 / r);
        expect([b.width, b.height]).toEqual([a.height, a.width]);
      }
    }
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])("falls back to 16:9 for ratio %d", (ratio) => {
    expect(videoSizeFor("720p", ratio)).toMatchObject({ width: 1280, height: 720 });
  });

  it("always returns an allowed size of the asked tier", () => {
    for (const tier of VIDEO_TIERS) {
      for (let r = 0.2; r < 5; r += 0.05) {
        const s = videoSizeFor(tier, r);
        expect(s.tier).toBe(tier);
        expect(isAllowedVideoSize(s.width, s.height)).toBe(true);
      }
    }
  });
});
