/**
 * A recalled inpainting or outpainting task as a canvas: its picture, its mask as an inpaint mask
 * layer, its extents as a frame grown past the picture's edges, and its settings. Pure, so the
 * shape a recall lands in is tested without a browser; reading the mask's pixels is the caller's.
 */
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { addLayer, type CanvasDocument, newLayer, type Picture } from "./canvas-document";
import { frameForPicture, type Rect, snapFrame } from "./canvas-frame";
import { type CanvasSettings, settingsSchema } from "./canvas-persist";
import type { OutpaintExtents } from "./outpaint";
import type { RegionOp } from "./paint-ops";

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The extents a task asked for, or null when it was no outpainting. */
export function recalledExtents(values: Record<string, unknown>): OutpaintExtents | null {
  const o = values.outpaint;
  if (!o || typeof o !== "object") return null;
  const sides = o as Record<string, unknown>;
  const extents = {
    top: num(sides.top) ?? 0,
    right: num(sides.right) ?? 0,
    bottom: num(sides.bottom) ?? 0,
    left: num(sides.left) ?? 0,
  };
  return extents.top + extents.right + extents.bottom + extents.left > 0 ? extents : null;
}

/** The frame that reaches `extents` past the picture: what the canvas sends as those extents. */
export function frameForExtents(picture: { width: number; height: number }, extents: OutpaintExtents): Rect {
  const base = frameForPicture(picture);
  return snapFrame({
    x: -extents.left,
    y: -extents.top,
    width: base.width + extents.left + extents.right,
    height: base.height + extents.top + extents.bottom,
  });
}

const SAMPLING = settingsSchema.pick({
  seed: true,
  steps: true,
  CFGScale: true,
  scheduler: true,
  clipSkip: true,
});
type Sampling = keyof typeof SAMPLING.shape;
const SAMPLING_KEYS = Object.keys(SAMPLING.shape) as Sampling[];

/**
 * The settings a recall sets: what the task sent, the rest as the canvas had them. The sampling
 * values are the task's own where it had them; a value the canvas cannot hold (out of the
 * contract's bounds) leaves the canvas's as it was.
 */
export function recalledSettings(values: Record<string, unknown>, current: CanvasSettings): CanvasSettings {
  const next = { ...current };
  for (const key of SAMPLING_KEYS) {
    if (!(key in values)) continue;
    const one = SAMPLING.shape[key].safeParse(values[key]);
    if (one.success) (next as Record<Sampling, unknown>)[key] = one.data;
  }
  const prompt = str(values.positivePrompt);
  if (prompt !== undefined) next.prompt = prompt;
  const negative = str(values.negativePrompt);
  if (negative !== undefined) next.negativePrompt = negative;
  const model = str(values.model);
  if (model) next.model = model;
  const strength = num(values.strength);
  if (strength !== undefined) next.strength = strength;
  const count = num(values.numberResults);
  if (count !== undefined)
    next.numberResults = Math.min(IMAGE_LIMITS.numberResults.max, Math.max(1, Math.round(count)));
  if ("maskImage" in values || "maskMargin" in values) {
    const margin = num(values.maskMargin);
    const { min, max } = IMAGE_LIMITS.maskMargin;
    next.maskMargin = margin === undefined ? null : Math.min(max, Math.max(min, Math.round(margin)));
  }
  const outpaint = values.outpaint as Record<string, unknown> | undefined;
  const blur = num(outpaint?.blur);
  if (blur !== undefined) next.outpaintBlur = blur;
  return next;
}

/**
 * The canvas a recall opens: the picture, a frame over it (grown by the extents when the task
 * outpainted), and the mask, when there is one, on a new inpaint mask layer.
 */
export function recalledDocument(
  picture: Picture,
  extents: OutpaintExtents | null,
  mask: { op: RegionOp; id: string } | null,
): CanvasDocument {
  const frame = extents ? frameForExtents(picture, extents) : frameForPicture(picture);
  let doc: CanvasDocument = { picture, layers: [], frame };
  if (mask) {
    const layer = newLayer(doc.layers, "inpaintMask", mask.id);
    doc = addLayer(doc, { ...layer, strokes: [mask.op] });
  }
  return doc;
}
