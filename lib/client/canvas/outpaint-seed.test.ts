import { describe, expect, it } from "vitest";
import { NO_EXTENSION } from "./outpaint";
import { checkSeedSize, isOutpaintReady, outpaintProblems } from "./outpaint-seed";

describe("checkSeedSize", () => {
  it("accepts sizes in whole steps up to the frame max", () => {
    expect(checkSeedSize({ width: 1024, height: 768 })).toEqual({ ok: true });
    expect(checkSeedSize({ width: 64, height: 2048 })).toEqual({ ok: true });
  });

  it("explains a size off the grid and suggests the nearest valid one", () => {
    const check = checkSeedSize({ width: 1000, height: 750 });
    if (check.ok) throw new Error("expected a problem");
    expect(check.problems).toEqual([
      { axis: "width", kind: "notMultiple", size: 1000 },
      { axis: "height", kind: "notMultiple", size: 750 },
    ]);
    expect(check.resizeTo).toEqual({ width: 1024, height: 768 });
    expect(check.cropTo).toEqual({ width: 960, height: 704 });
    expect(check.message).toContain("1000 × 750");
    expect(check.message).toContain("multiple of 64");
    expect(check.message).toContain("1024 × 768");
    expect(check.message).toContain("960 × 704");
  });

  it("flags only the axis that is off", () => {
    const check = checkSeedSize({ width: 1024, height: 720 });
    if (check.ok) throw new Error("expected a problem");
    expect(check.problems.map((p) => p.axis)).toEqual(["height"]);
    expect(check.resizeTo).toEqual({ width: 1024, height: 704 });
    // Cropping and resizing agree, so only one suggestion is worded.
    expect(check.message).toContain("Resize the image to 1024 × 704, then outpaint.");
  });

  it("flags a seed larger than the frame max and keeps suggestions within limits", () => {
    const check = checkSeedSize({ width: 3000, height: 512 });
    if (check.ok) throw new Error("expected a problem");
    expect(check.problems).toEqual([{ axis: "width", kind: "tooLarge", size: 3000, max: 2048 }]);
    expect(check.resizeTo).toEqual({ width: 2048, height: 512 });
  });

  it("suggests at least the smallest frame when rounding would go below it", () => {
    const check = checkSeedSize({ width: 40, height: 100 });
    if (check.ok) throw new Error("expected a problem");
    expect(check.resizeTo).toEqual({ width: 128, height: 128 });
    // Nothing inside a 40-pixel-wide image is a whole step wide.
    expect(check.cropTo).toBeNull();
  });
});

describe("outpaintProblems", () => {
  const seed = { width: 1024, height: 768 };

  it("is empty for a valid seed with at least one side extended", () => {
    expect(outpaintProblems(seed, { ...NO_EXTENSION, top: 64 })).toEqual([]);
    expect(isOutpaintReady(seed, { ...NO_EXTENSION, top: 64 })).toBe(true);
  });

  it("asks for an extension when none is set, as the outpaint schema does", () => {
    expect(outpaintProblems(seed, NO_EXTENSION).map((p) => p.kind)).toEqual(["noExtension"]);
    expect(isOutpaintReady(seed, NO_EXTENSION)).toBe(false);
  });

  it("reports the seed's problem", () => {
    const kinds = outpaintProblems({ width: 1000, height: 768 }, { ...NO_EXTENSION, left: 64 }).map(
      (p) => p.kind,
    );
    expect(kinds).toEqual(["seed"]);
  });

  it("reports frames outside the width and height limits", () => {
    const tooBig = outpaintProblems(seed, { ...NO_EXTENSION, left: 1024, right: 64 });
    expect(tooBig).toMatchObject([{ kind: "frameTooLarge", axis: "width" }]);
    const tooSmall = outpaintProblems({ width: 64, height: 64 }, { ...NO_EXTENSION, left: 64 });
    expect(tooSmall).toMatchObject([{ kind: "frameTooSmall", axis: "height" }]);
    expect(tooSmall[0]?.message).toContain("at least 64 px");
  });
});
