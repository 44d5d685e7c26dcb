import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addStroke, emptyDocument, type Picture } from "./canvas-document";
import { frameForPicture } from "./canvas-frame";
import { planGeneration } from "./canvas-plan";
import { inpaintPreset, outpaintPreset } from "./canvas-preset";

const picture = (width: number, height: number): Picture => ({ id: "p", url: "/p.png", width, height });
const dab = { mode: "paint" as const, size: 40, pressure: false, points: [100, 100, 0.5, 120, 110, 0.5] };
/** A picture as the canvas takes one: the frame over it (canvas-store.ts `setPicture`). */
const withPicture = (p: Picture) => ({ ...emptyDocument(frameForPicture(p)), picture: p });
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

  it("inpainting opens on the frame last set for it on this picture, whatever the frame is now", () => {
    fc.assert(
      fc.property(side, side, fc.nat(), fc.nat(), (w, h, a, b) => {
        const p = picture(w, h);
        // Any frame of whole steps inside the picture, at least the service's smallest size.
        const x = (a % ((w - 128) / 64 + 1)) * 64;
        const y = (b % ((h - 128) / 64 + 1)) * 64;
        const kept = { x, y, width: w - x, height: h - y };
        // The canvas was outpainting (its frame past the right edge) before Inpainting opened.
        const now = { ...withPicture(p), frame: { x: 0, y: 0, width: w + 128, height: h } };
        expect(inpaintPreset(now, "m", kept).doc.frame).toEqual(kept);
        // A frame inside the picture is kept as it is when none was set for the job.
        const inside = { ...withPicture(p), frame: kept };
        expect(inpaintPreset(inside, "m").doc.frame).toEqual(kept);
      }),
    );
  });

  it("a frame kept for inpainting that reaches past the picture is not taken back", () => {
    const p = picture(768, 512);
    const kept = { x: -64, y: 0, width: 832, height: 512 };
    expect(inpaintPreset(withPicture(p), "m", kept).doc.frame).toEqual(frameForPicture(p));
  });

  it("outpainting opens on the frame last set for it, and ignores one inside the picture", () => {
    const p = picture(768, 512);
    const kept = { x: -192, y: -64, width: 1024, height: 640 };
    expect(outpaintPreset(withPicture(p), kept).frame).toEqual(kept);
    const inside = { x: 64, y: 0, width: 512, height: 512 };
    expect(outpaintPreset(withPicture(p), inside)).toEqual(outpaintPreset(withPicture(p)));
  });
});
