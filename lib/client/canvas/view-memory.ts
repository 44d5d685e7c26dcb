/**
 * Where each job's canvas was looked at from (the canvas, Inpainting, Outpainting), kept in this
 * browser: the zoom and pan belong to a device and its screen, not to the document, so they are
 * neither synced to the member's other devices nor part of undo. A reload opens the job's view as
 * it was; a view that was a fit, or was of another picture, is fitted afresh instead.
 */
import { z } from "zod";
import { SHARED_CANVAS_KEY } from "./canvas-persist";
import type { CanvasPreset } from "./canvas-preset";
import { keepCentre } from "./canvas-view";
import { clampZoom, type Size, type Viewport } from "./viewport";

/** The canvas itself, or one of the jobs a page sets it up for. */
export type ViewJob = CanvasPreset | "canvas";

export function viewStorageKey(memberId: string, job: ViewJob): string {
  return `${SHARED_CANVAS_KEY}.${memberId}.view.${job}`;
}

const size = z.object({ width: z.number().positive(), height: z.number().positive() });
const remembered = z.object({
  pictureId: z.string().nullable(),
  view: z.object({ scale: z.number().positive(), x: z.number(), y: z.number() }),
  box: size,
  fitted: z.boolean(),
});
export type RememberedView = z.infer<typeof remembered>;

/** The kept view, parsed: an old or damaged entry is no view (the canvas is fitted). */
export function readView(storage: Pick<Storage, "getItem">, key: string): RememberedView | null {
  try {
    const raw = storage.getItem(key);
    const parsed = raw ? remembered.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeView(storage: Pick<Storage, "setItem">, key: string, view: RememberedView): void {
  try {
    storage.setItem(key, JSON.stringify(view));
  } catch {
    // A full or refused storage costs only the view: the canvas opens fitted.
  }
}

/**
 * The view to open with on a stage of `box` showing `pictureId`, or null to fit: a moved view of
 * the same picture comes back, its middle kept where the stage is now a different size.
 */
export function viewToOpen(
  saved: RememberedView | null,
  pictureId: string | null,
  box: Size,
): Viewport | null {
  if (!saved || saved.fitted || saved.pictureId !== pictureId) return null;
  const view = keepCentre(saved.view, saved.box, box);
  return { ...view, scale: clampZoom(view.scale) };
}
