// @vitest-environment happy-dom
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLabelMeasure } from "./label-measure";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/**
 * The layout the test stands in for: Inter at the labels' 12 px and medium weight is 7 px a
 * character with the page's features (single-storey a, open digits) and 6 without them, as a
 * canvas measures it; anything else, 10.
 */
function layOut() {
  return vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const { fontFamily, fontFeatureSettings, fontSize, fontWeight } = this.style;
    const labels = fontFamily.startsWith("Inter") && fontSize === "12px" && fontWeight === "500";
    const perChar = !labels ? 10 : fontFeatureSettings.includes("ss01") ? 7 : 6;
    return { width: (this.textContent ?? "").length * perChar } as DOMRect;
  });
}

/** A grid's frame on a page whose type is Inter with its features on, as globals.css sets it. */
function frameOfThePage() {
  const frame = document.createElement("div");
  frame.style.fontFamily = "Inter, sans-serif";
  frame.style.fontFeatureSettings = '"cv11", "ss01"';
  document.body.append(frame);
  return { current: frame };
}

describe("the grid labels' measure", () => {
  it("measures a label as the page draws it: the frame's font with its features, at the labels' size and weight", () => {
    layOut();
    const frame = frameOfThePage();
    const { result } = renderHook(() => useLabelMeasure(frame));
    expect(result.current?.("a red fox")).toBe(9 * 7);
  });

  it("lays out a text once, however often it is asked for", () => {
    const drawn = layOut();
    const frame = frameOfThePage();
    const { result } = renderHook(() => useLabelMeasure(frame));
    const measure = result.current;
    expect(measure?.("a snowy forest")).toBe(14 * 7);
    expect(measure?.("a snowy forest")).toBe(14 * 7);
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it("measures out of sight and out of what a screen reader reads", () => {
    layOut();
    const frame = frameOfThePage();
    const { result } = renderHook(() => useLabelMeasure(frame));
    result.current?.("a label no other test measures");
    const line = [...document.querySelectorAll("span")].find(
      (el) => el.textContent === "a label no other test measures",
    );
    const box = line?.parentElement;
    expect(box?.getAttribute("aria-hidden")).toBe("true");
    expect(box?.style.visibility).toBe("hidden");
  });
});
