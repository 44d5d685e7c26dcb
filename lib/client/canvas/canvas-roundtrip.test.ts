import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { withContractDefaults } from "@/lib/protocol/task-defaults";
import { recallValues } from "../create/recall";
import { emptyDocument } from "./canvas-document";
import { planGeneration } from "./canvas-plan";
import { recalledDocument, recalledExtents, recalledSettings } from "./canvas-recall";
import { DEFAULT_SETTINGS } from "./canvas-store";
import { canvasTask } from "./canvas-task";
import type { RegionOp } from "./paint-ops";

const L = IMAGE_LIMITS;
const picture = { id: "seed-id", url: "/p.png", width: 768, height: 512 };
/** Paint over the whole picture: a recalled mask as the canvas reads it back from its image. */
const mask: RegionOp = {
  shape: "region",
  mode: "paint",
  rect: { x: 0, y: 0, width: 768, height: 512 },
  runs: [0, 768 * 512],
};
const prompt = fc
  .string({ minLength: L.positivePrompt.min, maxLength: 40 })
  .filter((s) => s.trim().length >= 2);
const sixtyFour = fc.integer({ min: 0, max: 4 }).map((n) => n * 64);

/** A task the canvas could have sent, with every field the canvas holds, some left out. */
const task = fc
  .record(
    {
      kind: fc.constantFrom("textToImage", "imageToImage", "inpainting", "outpainting"),
      positivePrompt: prompt,
      negativePrompt: prompt,
      model: fc.constantFrom("runware:101@1", "civitai:4384@128713", "rundiffusion:130@100"),
      numberResults: fc.integer({ min: L.numberResults.min, max: L.numberResults.max }),
      seed: fc.integer({ min: L.seed.min, max: 2 ** 32 }),
      steps: fc.integer({ min: L.steps.min, max: L.steps.max }),
      CFGScale: fc.integer({ min: L.CFGScale.min * 2, max: L.CFGScale.max * 2 }).map((n) => n / 2),
      scheduler: fc.constantFrom("DPM++ 2M Karras", "Euler", "UniPC", "my-own-scheduler"),
      clipSkip: fc.integer({ min: L.clipSkip.min, max: L.clipSkip.max }),
      strength: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      maskMargin: fc.integer({ min: L.maskMargin.min, max: L.maskMargin.max }),
      blur: fc.integer({ min: L.outpaint.blur.min, max: L.outpaint.blur.max }),
      sides: fc.record({ top: sixtyFour, right: sixtyFour, bottom: sixtyFour, left: sixtyFour }),
    },
    { requiredKeys: ["kind", "positivePrompt", "model", "sides"] },
  )
  .map(({ kind, maskMargin, blur, sides, strength, ...rest }) => {
    const params: Record<string, unknown> = { taskType: "imageInference", taskUUID: "t", ...rest };
    if (kind === "textToImage") return { kind, params: { ...params, width: 768, height: 512 } };
    params.seedImage = picture.id;
    if (strength !== undefined && kind !== "outpainting") params.strength = strength;
    if (kind === "inpainting") {
      params.maskImage = "mask-id";
      if (maskMargin !== undefined) params.maskMargin = maskMargin;
    }
    if (kind === "outpainting") {
      const grown = { ...sides, right: sides.right + 64 };
      params.outpaint = { ...grown, ...(blur !== undefined ? { blur } : {}) };
      params.width = 768 + grown.left + grown.right;
      params.height = 512 + grown.top + grown.bottom;
    } else {
      params.width = 768;
      params.height = 512;
    }
    return { kind, params };
  });

/** What the canvas holds of a task, as the service reads it (a left-out field at its default). */
const KEPT = [
  "positivePrompt",
  "negativePrompt",
  "model",
  "numberResults",
  "seed",
  "steps",
  "CFGScale",
  "scheduler",
  "clipSkip",
  "strength",
  "maskMargin",
  "outpaint",
  "width",
  "height",
] as const;
function kept(params: Record<string, unknown>) {
  const read = withContractDefaults(params);
  return Object.fromEntries(KEPT.map((k) => [k, read[k]]));
}

describe("a task recalled into the canvas and sent again", () => {
  it("sends the same parameters, over 200 random tasks", () => {
    fc.assert(
      fc.property(task, ({ kind, params }) => {
        const values = recallValues(params, "all");
        const settings = recalledSettings(values, DEFAULT_SETTINGS);
        const doc =
          kind === "textToImage"
            ? emptyDocument({ x: 0, y: 0, width: 768, height: 512 })
            : recalledDocument(
                picture,
                recalledExtents(values),
                kind === "inpainting" ? { op: mask, id: "m" } : null,
              );
        const plan = planGeneration(doc, settings.strength, settings);
        expect(plan.kind).toBe(kind);
        const sent = canvasTask(plan, settings, {
          seedImage: picture.id,
          maskImage: "mask-id",
          guideImages: [],
        });
        expect(kept(sent)).toEqual(kept(params));
      }),
      { numRuns: 200 },
    );
  });

  it("leaves a sampling value the canvas cannot hold as the canvas had it", () => {
    const mine = { ...DEFAULT_SETTINGS, steps: 30, seed: 5 };
    const settings = recalledSettings({ steps: 500, seed: "not a number", CFGScale: 3 }, mine);
    expect(settings).toMatchObject({ steps: 30, seed: 5, CFGScale: 3 });
  });
});
