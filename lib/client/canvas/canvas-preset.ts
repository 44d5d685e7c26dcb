/**
 * The canvas set up for one job, as the inpainting and outpainting pages open it: for inpainting
 * the frame over the picture and an inpaint mask chosen to paint on; for outpainting the frame
 * grown past the picture's right edge, so Generate extends it there. The frame the member last set
 * for the job on this picture (`kept`) comes back; else a frame that already suits the job stays
 * as it is; else the job's first frame. Each answers a new document (or the same one when it
 * already fits the job) and the layer to select.
 */
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { addLayer, type CanvasDocument, newLayer } from "./canvas-document";
import { frameForPicture, type Rect, snapFrame } from "./canvas-frame";

export const CANVAS_PRESETS = ["inpaint", "outpaint"] as const;
export type CanvasPreset = (typeof CANVAS_PRESETS)[number];

export function isCanvasPreset(value: unknown): value is CanvasPreset {
  return typeof value === "string" && (CANVAS_PRESETS as readonly string[]).includes(value);
}

/** How far an outpainting frame first reaches past the picture: a quarter of it, at least a step. */
const OUTPAINT_SHARE = 0.25;

function same(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Whether the frame reaches past the picture on any side (outpainting's frame). */
function beyond(frame: Rect, picture: { width: number; height: number }): boolean {
  return (
    frame.x < 0 ||
    frame.y < 0 ||
    frame.x + frame.width > picture.width ||
    frame.y + frame.height > picture.height
  );
}

export function inpaintPreset(
  doc: CanvasDocument,
  newId: string,
  kept: Rect | null = null,
): { doc: CanvasDocument; selectedId: string | null } {
  if (!doc.picture) return { doc, selectedId: null };
  const frame =
    kept && !beyond(kept, doc.picture)
      ? snapFrame(kept)
      : beyond(doc.frame, doc.picture)
        ? frameForPicture(doc.picture)
        : doc.frame;
  let next = same(frame, doc.frame) ? doc : { ...doc, frame };
  const mask = [...next.layers].reverse().find((l) => l.kind === "inpaintMask" && !l.hidden && !l.locked);
  if (mask) return { doc: next, selectedId: mask.id };
  next = addLayer(next, newLayer(next.layers, "inpaintMask", newId));
  return { doc: next, selectedId: newId };
}

function step(n: number): number {
  return Math.max(64, Math.round((n * OUTPAINT_SHARE) / 64) * 64);
}

export function outpaintPreset(doc: CanvasDocument, kept: Rect | null = null): CanvasDocument {
  const { picture } = doc;
  if (!picture) return doc;
  const f = doc.frame;
  if (kept && beyond(kept, picture)) {
    const frame = snapFrame(kept);
    return same(frame, f) ? doc : { ...doc, frame };
  }
  if (beyond(f, picture)) return doc;
  const base = frameForPicture(picture);
  const maxW = IMAGE_LIMITS.width.max;
  const maxH = IMAGE_LIMITS.height.max;
  // To the right where the service renders that wide; else downwards; else the frame slides left.
  const frame =
    base.width + 64 <= maxW
      ? snapFrame({ ...base, width: Math.min(maxW, base.width + step(base.width)) })
      : base.height + 64 <= maxH
        ? snapFrame({ ...base, height: Math.min(maxH, base.height + step(base.height)) })
        : snapFrame({ ...base, x: -step(base.width) });
  return same(frame, f) ? doc : { ...doc, frame };
}
