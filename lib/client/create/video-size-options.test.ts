import { describe, expect, it } from "vitest";
import {
  isAllowedVideoSize,
  VIDEO_ASPECTS,
  VIDEO_DEFAULTS,
  VIDEO_LIMITS,
  VIDEO_SIZES,
  VIDEO_TIERS,
} from "@/lib/protocol";
import { randomVideoSeed } from "./video-form-values";
import {
  allOfferedVideoSizes,
  DEFAULT_VIDEO_SIZE,
  videoSizeFromValues,
  videoSizeOf,
  videoSizeOptions,
} from "./video-size-options";

describe("video size choices", () => {
  it("offers only allowed pairs, and every allowed pair", () => {
    const offered = allOfferedVideoSizes();
    for (const s of offered)
      expect(isAllowedVideoSize(s.width, s.height), `${s.width}x${s.height}`).toBe(true);
    expect(offered).toHaveLength(VIDEO_SIZES.length);
    for (const tier of VIDEO_TIERS) {
      for (const s of videoSizeOptions(tier)) expect(isAllowedVideoSize(s.width, s.height)).toBe(true);
    }
  });

  it("picks the pair of a tier and an aspect, and reads it back", () => {
    for (const tier of VIDEO_TIERS) {
      for (const aspect of VIDEO_ASPECTS) {
        const s = videoSizeOf(tier, aspect);
        expect(s).toMatchObject({ tier, aspect });
        expect(videoSizeFromValues(s.width, s.height)).toEqual(s);
      }
    }
  });

  it("starts at the service's default tier and is an allowed pair", () => {
    expect(DEFAULT_VIDEO_SIZE.tier).toBe(VIDEO_DEFAULTS.resolution);
    expect(isAllowedVideoSize(DEFAULT_VIDEO_SIZE.width, DEFAULT_VIDEO_SIZE.height)).toBe(true);
  });

  it("knows no tier for a pair outside the table or a value that is not a number", () => {
    expect(videoSizeFromValues(1000, 1000)).toBeUndefined();
    expect(videoSizeFromValues("1920", 1080)).toBeUndefined();
  });
});

describe("random video seed", () => {
  it("stays within the contract's seed range at both ends", () => {
    expect(randomVideoSeed(() => 0)).toBe(VIDEO_LIMITS.seed.min);
    expect(randomVideoSeed(() => 0.999999999999)).toBe(VIDEO_LIMITS.seed.max);
  });
});
