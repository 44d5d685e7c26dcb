import { describe, expect, it } from "vitest";
import { zoomLabel } from "./zoom-label";

describe("zoomLabel", () => {
  it("says the real scale of a fitted image", () => {
    expect(zoomLabel(1, 880 / 2048)).toBe("Fit · 43%");
    expect(zoomLabel(1, 1)).toBe("Fit · 100%");
  });

  it("says the real scale once zoomed, from the fitted scale", () => {
    expect(zoomLabel(2, 880 / 2048)).toBe("86%");
    expect(zoomLabel(4, 0.5)).toBe("200%");
  });

  it("falls back to the zoom over the fitted view while the image's size is unknown", () => {
    expect(zoomLabel(1, null)).toBe("Fit");
    expect(zoomLabel(1.5, null)).toBe("150% of fit");
  });
});
