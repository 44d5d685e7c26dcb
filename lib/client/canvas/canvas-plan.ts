/**
 * What a Generate on the canvas sends, decided from what the frame covers: the contract chooses the
 * workflow by which parameters are present (spec/service-interface.md: `seedImage` alone is image
 * to image, with `maskImage` inpainting, with `outpaint` outpainting), so the canvas decides which
 * of them to send and says so in words before anything is sent.
 */
import type { CanvasDocument, GuideLayer, Layer, RegionLayer, Stroke } from "./canvas-document";
import { contains, extentsBeyond, intersect, type Rect } from "./canvas-frame";
import type { OutpaintExtents } from "./outpaint";
import { checkSeedSize } from "./outpaint-seed";
import { isShape, pointsBounds, shapeBounds } from "./paint-ops";

export type PlanKind = "textToImage" | "imageToImage" | "inpainting" | "outpainting";

export const PLAN_NAMES: Record<PlanKind, string> = {
  textToImage: "Text to image",
  imageToImage: "Image to image",
  inpainting: "Inpainting",
  outpainting: "Outpainting",
};

export interface Plan {
  kind: PlanKind;
  /** The output size: the frame's. */
  width: number;
  height: number;
  /** The part of the canvas sent as `seedImage`, in canvas pixels; null for text to image. */
  seed: Rect | null;
  outpaint: OutpaintExtents | null;
  /** The masks sent, merged (inpainting only). */
  masks: Layer[];
  guides: GuideLayer[];
  /** What will be sent, one sentence a line. */
  lines: string[];
  /** What keeps Generate from sending; empty when it can. */
  problems: string[];
}

const px = (r: { width: number; height: number }) => `${r.width} × ${r.height}`;

/** The box a stroke can touch: its samples grown by half its width. */
export function strokeBounds(stroke: Stroke): Rect | null {
  const box = pointsBounds(stroke.points, 3, 1);
  if (!box) return null;
  const r = stroke.size / 2;
  return { x: box.x - r, y: box.y - r, width: box.width + 2 * r, height: box.height + 2 * r };
}

/** Whether a layer has paint inside the frame (erasing is not subtracted: a bound, not a raster). */
export function paintedWithin(layer: Layer, frame: Rect): boolean {
  return layer.strokes.some((s) => {
    if (s.mode !== "paint") return false;
    const b = isShape(s) ? shapeBounds(s) : strokeBounds(s);
    return b !== null && intersect(b, frame) !== null;
  });
}

const REGIONS_REFUSED =
  "The service cannot prompt regions separately; the regional prompt layers are not sent. Put what a region should show into the main prompt, or paint it as an inpaint mask and generate it on its own.";

function guideLines(guides: GuideLayer[], problems: string[]): string[] {
  return guides.map((g) => {
    if (!g.model) {
      problems.push(`Choose a ControlNet model for “${g.name}”, or hide the layer.`);
      return `ControlNet guide “${g.name}” has no model yet.`;
    }
    return `ControlNet guide “${g.name}”: its strokes guide ${g.model} at weight ${g.weight}.`;
  });
}

function regionLines(regions: RegionLayer[]): string[] {
  if (regions.length === 0) return [];
  const named = regions.map((r) => `“${r.name}”${r.prompt ? ` (${r.prompt})` : ""}`).join(", ");
  return [REGIONS_REFUSED, `Not sent: ${named}.`];
}

/** The settings that only one job reads: inpainting's mask margin, outpainting's seam blur. */
export interface JobSettings {
  maskMargin: number | null;
  outpaintBlur: number;
}

const NO_JOB_SETTINGS: JobSettings = { maskMargin: null, outpaintBlur: 0 };

export function planGeneration(
  doc: CanvasDocument,
  strength: number,
  job: JobSettings = NO_JOB_SETTINGS,
): Plan {
  const frame = doc.frame;
  const shown = doc.layers.filter((l) => !l.hidden);
  const guides = shown.filter((l): l is GuideLayer => l.kind === "controlGuide" && paintedWithin(l, frame));
  const regions = shown.filter((l): l is RegionLayer => l.kind === "regionalPrompt");
  const masks = shown.filter((l) => l.kind === "inpaintMask" && paintedWithin(l, frame));
  const problems: string[] = [];
  const size = { width: frame.width, height: frame.height };
  const tail = [...guideLines(guides, problems), ...regionLines(regions)];
  const picture = doc.picture;
  const bounds = picture ? { x: 0, y: 0, width: picture.width, height: picture.height } : null;
  const covered = bounds ? intersect(frame, bounds) : null;

  if (!picture || !bounds || !covered) {
    const why = picture ? "The frame covers none of the picture" : "There is no picture yet";
    return {
      kind: "textToImage",
      ...size,
      seed: null,
      outpaint: null,
      masks: [],
      guides,
      lines: [`${why}: a new ${px(frame)} image is made from the prompt alone.`, ...tail],
      problems,
    };
  }
  if (!contains(bounds, frame)) {
    const outpaint = extentsBeyond(frame, picture);
    const seedCheck = checkSeedSize(covered);
    if (!seedCheck.ok) problems.push(seedCheck.message);
    const sides = (["top", "right", "bottom", "left"] as const)
      .filter((s) => outpaint[s] > 0)
      .map((s) => `${outpaint[s]} px on the ${s}`);
    const lines = [
      `Outpainting: the ${px(covered)} of the canvas inside the frame is extended by ${sides.join(", ")}, to ${px(frame)}.`,
    ];
    if (job.outpaintBlur > 0) lines.push(`The seam is softened over ${job.outpaintBlur} px.`);
    if (masks.length > 0)
      lines.push("The inpaint mask is not sent: outpainting paints only the new borders.");
    return {
      kind: "outpainting",
      ...size,
      seed: covered,
      outpaint,
      masks: [],
      guides,
      lines: [...lines, ...tail],
      problems,
    };
  }
  if (masks.length > 0) {
    const names = masks.map((m) => `“${m.name}”`).join(" and ");
    return {
      kind: "inpainting",
      ...size,
      seed: frame,
      outpaint: null,
      masks,
      guides,
      lines: [
        `Inpainting: what ${names} covers in the ${px(frame)} under the frame is painted anew at strength ${strength}; the rest stays.`,
        ...(job.maskMargin !== null
          ? [
              `Only the masked area with ${job.maskMargin} px around it is rendered, at full resolution, and blended back.`,
            ]
          : []),
        ...tail,
      ],
      problems,
    };
  }
  return {
    kind: "imageToImage",
    ...size,
    seed: frame,
    outpaint: null,
    masks: [],
    guides,
    lines: [
      `Image to image: the ${px(frame)} under the frame is drawn again at strength ${strength} (nothing is masked).`,
      ...tail,
    ],
    problems,
  };
}
