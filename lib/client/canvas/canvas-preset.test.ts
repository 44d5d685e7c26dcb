import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addStroke, emptyDocument, type Picture } from "./canvas-document";
import { planGeneration } from "./canvas-plan";
import { inpaintPreset, outpaintPreset } from "./canvas-preset";

const picture = (width: number, height: number): Picture => ({ id: "p", url: "/p.png", width, height });
const dab = { mode: "paint" as const, size: 40, pressure: false, points: [100, 100, 0.5, 120, 110, 0.5] };
const withPicture = (p: Picture) => ({ ...emptyDocument(), picture: p });
const side = fc.integer({ min: 2, max: 32 }).map((n) => n * 64);

describe("the canvas set up for inpainting or outpainting", () => {
  it("inpainting: the frame over the picture and a mask to paint, so a stroke makes it inpainting", () => {
    fc.assert(
      fc.property(side, side, (w, h) => {
        const { doc, selectedId } = inpaintPreset(withPicture(picture(w, h)), "m");
        expect(selectedId).toBe("m");
        expect(doc.frame).toEqual({ x: 0, y: 0, width: w, height: h });
        expect(planGeneration(addStroke(doc, "m", dab), 0.8).kind).toBe("inpainting");
      }),
    );
  });

  it("inpainting keeps a mask already there rather than adding a second", () => {
    const first = inpaintPreset(withPicture(picture(768, 512)), "m");
    const again = inpaintPreset(first.doc, "other");
    expect(again.selectedId).toBe("m");
    expect(again.doc.layers).toHaveLength(1);
  });

  it("outpainting: the frame grown past an edge, so Generate extends the picture", () => {
    fc.assert(
      fc.property(side, side, (w, h) => {
        const doc = outpaintPreset(withPicture(picture(w, h)));
        const plan = planGeneration(doc, 0.8);
        expect(plan.kind).toBe("outpainting");
        expect(plan.problems).toEqual([]);
      }),
    );
  });

  it("outpainting leaves a frame that already reaches past an edge where it is", () => {
    const doc = { ...withPicture(picture(768, 512)), frame: { x: -128, y: 0, width: 896, height: 512 } };
    expect(outpaintPreset(doc)).toBe(doc);
  });

  it("without a picture, neither changes anything", () => {
    const doc = emptyDocument();
    expect(outpaintPreset(doc)).toBe(doc);
    expect(inpaintPreset(doc, "m").doc).toBe(doc);
  });
});
