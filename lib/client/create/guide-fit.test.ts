import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { aspectWords, fitGuideRect, guideStretches, outputSizeForGuide } from "./guide-fit";
import { SIZE_PRESETS } from "./image-presets";

describe("a ControlNet guide against the output's size", () => {
  it("says a guide of another shape would stretch, and a matching one would not", () => {
    expect(guideStretches({ width: 768, height: 512 }, { width: 1024, height: 1024 })).toBe(true);
    expect(guideStretches({ width: 512, height: 768 }, { width: 1216, height: 832 })).toBe(true);
    expect(guideStretches({ width: 768, height: 512 }, { width: 1152, height: 768 })).toBe(false);
    expect(guideStretches({ width: 1920, height: 1080 }, { width: 1344, height: 768 })).toBe(false);
    expect(guideStretches({ width: 0, height: 512 }, { width: 1024, height: 1024 })).toBe(false);
  });

  it("names shapes as people do", () => {
    expect(aspectWords({ width: 768, height: 512 })).toBe("3:2");
    expect(aspectWords({ width: 1024, height: 1024 })).toBe("1:1");
    expect(aspectWords({ width: 1000, height: 703 })).toBe("1.42:1");
    expect(aspectWords({ width: 1400, height: 1000 })).toBe("7:5");
  });

  it("calls each size preset by its own name: 1344 x 768 is 16:9, not 7:4", () => {
    expect(aspectWords({ width: 1344, height: 768 })).toBe("16:9");
    expect(aspectWords({ width: 1216, height: 832 })).toBe("3:2");
    for (const preset of SIZE_PRESETS) expect(aspectWords(preset)).toBe(preset.label);
  });

  it("matches the output to the guide's shape at about the same pixel count, in allowed sizes", () => {
    // 3:2 exactly, at 1.15 megapixels rather than 1152 x 768's 0.84: the nearer pixel count.
    expect(outputSizeForGuide({ width: 768, height: 512 }, 1024 * 1024)).toEqual({
      width: 1344,
      height: 896,
    });
    expect(outputSizeForGuide({ width: 512, height: 768 }, 1024 * 1024)).toEqual({
      width: 896,
      height: 1344,
    });
    expect(outputSizeForGuide({ width: 768, height: 512 }, 512 * 512)).toEqual({ width: 576, height: 384 });
    // 16:9 has no multiple-of-64 size near a megapixel: the nearest shape there is.
    const wide = outputSizeForGuide({ width: 1920, height: 1080 }, 1024 * 1024);
    expect(guideStretches({ width: 1920, height: 1080 }, wide)).toBe(false);
    expect((wide.width * wide.height) / (1024 * 1024)).toBeGreaterThan(0.75);
    expect((wide.width * wide.height) / (1024 * 1024)).toBeLessThan(4 / 3);
    for (const guide of [
      { width: 517, height: 389 },
      { width: 3000, height: 100 },
      { width: 300, height: 4000 },
      { width: 999, height: 1001 },
    ]) {
      const size = outputSizeForGuide(guide, 1024 * 1024);
      for (const axis of ["width", "height"] as const) {
        expect(size[axis] % IMAGE_LIMITS[axis].multipleOf).toBe(0);
        expect(size[axis]).toBeGreaterThanOrEqual(IMAGE_LIMITS[axis].min);
        expect(size[axis]).toBeLessThanOrEqual(IMAGE_LIMITS[axis].max);
      }
    }
    // An ordinary shape ends up close enough that the guide no longer stretches.
    const odd = { width: 517, height: 389 };
    expect(guideStretches(odd, outputSizeForGuide(odd, 1024 * 1024))).toBe(false);
    // A shape no allowed size reaches gets the nearest: as wide as the bounds allow.
    expect(outputSizeForGuide({ width: 3000, height: 100 }, 1024 * 1024)).toEqual({
      width: 2048,
      height: 128,
    });
  });

  it("fits a guide whole into the output, centred between bars", () => {
    expect(fitGuideRect({ width: 768, height: 512 }, { width: 1024, height: 1024 })).toEqual({
      x: 0,
      y: 170,
      width: 1024,
      height: 683,
    });
    expect(fitGuideRect({ width: 512, height: 768 }, { width: 1024, height: 512 })).toEqual({
      x: 341,
      y: 0,
      width: 341,
      height: 512,
    });
  });
});
