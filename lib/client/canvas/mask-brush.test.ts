import { describe, expect, it } from "vitest";
import {
  brushSizeToSlider,
  clampBrushSize,
  defaultBrushSize,
  MAX_BRUSH_SIZE,
  SLIDER_POSITIONS,
  sizeForSliderMove,
  sliderToBrushSize,
  stepBrushSize,
} from "./mask-brush";

describe("brush size", () => {
  it("clamps and rounds", () => {
    expect(clampBrushSize(0)).toBe(1);
    expect(clampBrushSize(12.6)).toBe(13);
    expect(clampBrushSize(10_000)).toBe(MAX_BRUSH_SIZE);
    expect(clampBrushSize(Number.NaN)).toBe(1);
  });

  it("steps by a tenth of the size, at least one pixel", () => {
    expect(stepBrushSize(4, 1)).toBe(5);
    expect(stepBrushSize(100, 1)).toBe(110);
    expect(stepBrushSize(100, -1)).toBe(90);
    expect(stepBrushSize(1, -1)).toBe(1);
    expect(stepBrushSize(MAX_BRUSH_SIZE, 1)).toBe(MAX_BRUSH_SIZE);
  });

  it("starts at about a sixteenth of the longer side", () => {
    expect(defaultBrushSize(1024, 768)).toBe(64);
    expect(defaultBrushSize(32, 32)).toBe(4);
    expect(defaultBrushSize(8192, 8192)).toBe(128);
  });
});

describe("brush size slider", () => {
  it("maps the ends of the range to the ends of the slider", () => {
    expect(brushSizeToSlider(1)).toBe(0);
    expect(brushSizeToSlider(MAX_BRUSH_SIZE)).toBe(SLIDER_POSITIONS);
    expect(sliderToBrushSize(0)).toBe(1);
    expect(sliderToBrushSize(SLIDER_POSITIONS)).toBe(MAX_BRUSH_SIZE);
  });

  it("gives small sizes most of the travel", () => {
    expect(sliderToBrushSize(SLIDER_POSITIONS / 2)).toBeLessThanOrEqual(129);
  });

  it("round-trips every size", () => {
    for (let size = 1; size <= MAX_BRUSH_SIZE; size++) {
      expect(sliderToBrushSize(brushSizeToSlider(size))).toBe(size);
    }
  });
});

describe("sizeForSliderMove", () => {
  it("moves at least one pixel per slider step, in the step's direction", () => {
    const at12 = brushSizeToSlider(12);
    expect(sizeForSliderMove(12, at12 + 1)).toBe(13);
    expect(sizeForSliderMove(12, at12 - 1)).toBe(11);
    expect(sizeForSliderMove(12, at12)).toBe(12);
    expect(sizeForSliderMove(1, 0)).toBe(1);
    expect(sizeForSliderMove(MAX_BRUSH_SIZE, SLIDER_POSITIONS)).toBe(MAX_BRUSH_SIZE);
  });

  it("follows the curve for larger moves", () => {
    expect(sizeForSliderMove(12, SLIDER_POSITIONS)).toBe(MAX_BRUSH_SIZE);
    expect(sizeForSliderMove(300, 0)).toBe(1);
  });
});
