import { describe, expect, it } from "vitest";
import { maskFromPixels } from "./mask-gallery";

const px = (...rgba: number[][]) => Uint8ClampedArray.from(rgba.flat());

describe("a gallery image read as a mask", () => {
  it("paints light pixels and leaves dark, faint or transparent ones", () => {
    const mask = maskFromPixels(
      px(
        [255, 255, 255, 255],
        [0, 0, 0, 255],
        [255, 255, 255, 0],
        [255, 255, 255, 100],
        [200, 200, 200, 255],
        [90, 90, 90, 255],
      ),
      6,
      1,
    );
    expect(Array.from(mask)).toEqual([1, 0, 0, 0, 1, 0]);
  });
});
