import { describe, expect, it } from "vitest";
import {
  clearMask,
  createMaskBuffer,
  invertMask,
  isMaskEmpty,
  loadBlackWhiteMask,
  type MaskBuffer,
  maskToBlackWhite,
  packRgba,
} from "./mask-buffer";

const ACCENT = { r: 139, g: 124, b: 255 };

function pixel(data: Uint8ClampedArray, index: number): number[] {
  return Array.from(data.subarray(index * 4, index * 4 + 4));
}

function setPixel(mask: MaskBuffer, index: number, rgba: number[]) {
  mask.data.set(rgba, index * 4);
}

describe("createMaskBuffer", () => {
  it("is transparent and sized width x height x 4", () => {
    const mask = createMaskBuffer(3, 2);
    expect(mask.data.length).toBe(24);
    expect(isMaskEmpty(mask.data)).toBe(true);
  });

  it("rejects fractional or empty sizes", () => {
    expect(() => createMaskBuffer(0, 10)).toThrow(RangeError);
    expect(() => createMaskBuffer(10.5, 10)).toThrow(RangeError);
  });
});

describe("packRgba", () => {
  it("lays bytes out in RGBA order through a 32-bit view", () => {
    const bytes = new Uint8ClampedArray(4);
    new Uint32Array(bytes.buffer)[0] = packRgba(1, 2, 3, 4);
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4]);
  });
});

describe("isMaskEmpty", () => {
  it("counts any alpha as painted, colour alone as not", () => {
    const mask = createMaskBuffer(4, 4);
    setPixel(mask, 5, [255, 255, 255, 0]);
    expect(isMaskEmpty(mask.data)).toBe(true);
    setPixel(mask, 15, [0, 0, 0, 1]);
    expect(isMaskEmpty(mask.data)).toBe(false);
  });
});

describe("maskToBlackWhite", () => {
  it("turns alpha > 0 into opaque white and the rest into opaque black", () => {
    const mask = createMaskBuffer(3, 1);
    setPixel(mask, 0, [139, 124, 255, 255]);
    setPixel(mask, 1, [10, 20, 30, 0]);
    setPixel(mask, 2, [0, 0, 0, 1]);
    const out = maskToBlackWhite(mask.data);
    expect(pixel(out, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(out, 1)).toEqual([0, 0, 0, 255]);
    expect(pixel(out, 2)).toEqual([255, 255, 255, 255]);
    expect(pixel(mask.data, 1)).toEqual([10, 20, 30, 0]);
  });
});

describe("invertMask", () => {
  it("swaps painted and unpainted pixels, twice is the identity", () => {
    const mask = createMaskBuffer(2, 1);
    setPixel(mask, 0, [139, 124, 255, 255]);
    invertMask(mask, ACCENT);
    expect(pixel(mask.data, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(mask.data, 1)).toEqual([139, 124, 255, 255]);
    invertMask(mask, ACCENT);
    expect(pixel(mask.data, 0)).toEqual([139, 124, 255, 255]);
    expect(pixel(mask.data, 1)).toEqual([0, 0, 0, 0]);
  });

  it("paints everything when inverting an empty mask", () => {
    const mask = createMaskBuffer(5, 5);
    invertMask(mask, ACCENT);
    expect(isMaskEmpty(mask.data)).toBe(false);
    expect(maskToBlackWhite(mask.data).every((v) => v === 255)).toBe(true);
  });
});

describe("clearMask", () => {
  it("empties the mask", () => {
    const mask = createMaskBuffer(2, 2);
    invertMask(mask, ACCENT);
    clearMask(mask);
    expect(isMaskEmpty(mask.data)).toBe(true);
  });
});

describe("loadBlackWhiteMask", () => {
  it("paints light opaque pixels and keeps dark or transparent ones", () => {
    const source = new Uint8ClampedArray([
      255,
      255,
      255,
      255, // white: repaint
      0,
      0,
      0,
      255, // black: keep
      200,
      200,
      200,
      255, // light grey from a resize: repaint
      60,
      60,
      60,
      255, // dark grey: keep
      255,
      255,
      255,
      0, // transparent: keep
    ]);
    const mask = createMaskBuffer(5, 1);
    loadBlackWhiteMask(source, mask, ACCENT);
    const bw = maskToBlackWhite(mask.data);
    expect([0, 1, 2, 3, 4].map((i) => pixel(bw, i)[0])).toEqual([255, 0, 255, 0, 0]);
    expect(pixel(mask.data, 0)).toEqual([139, 124, 255, 255]);
  });

  it("rejects a source of another size", () => {
    expect(() => loadBlackWhiteMask(new Uint8ClampedArray(4), createMaskBuffer(2, 1), ACCENT)).toThrow(
      RangeError,
    );
  });
});
