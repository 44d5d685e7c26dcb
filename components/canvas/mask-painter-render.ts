import type { Size, Viewport } from "@/lib/client/canvas/viewport";
import type { MaskDocument } from "./mask-painter-document";

export interface StageScene {
  box: Size | null;
  view: Viewport;
  image: HTMLImageElement | null;
}

/** The mask over the image: see-through enough to judge the edit, strong enough to see its edges. */
const OVERLAY_OPACITY = 0.5;
/** `panel.raised`: the image's place while it loads, so the painted area still has a frame. */
const IMAGE_BACKDROP = "#171b23";
/** From 200% up, pixels are drawn as crisp squares so single-pixel mask edges can be judged. */
const CRISP_FROM_SCALE = 2;

/** Draws the stage: backing store sized to the device pixel ratio, then image, mask and frame. */
export function drawStage(canvas: HTMLCanvasElement, doc: MaskDocument, scene: StageScene): void {
  const { box, view, image } = scene;
  if (!box) return;
  const ratio = window.devicePixelRatio || 1;
  const pixelWidth = Math.max(1, Math.round(box.width * ratio));
  const pixelHeight = Math.max(1, Math.round(box.height * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  const context = canvas.getContext("2d");
  if (!context) return;

  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, pixelWidth, pixelHeight);
  context.setTransform(ratio * view.scale, 0, 0, ratio * view.scale, ratio * view.x, ratio * view.y);
  context.imageSmoothingEnabled = view.scale < CRISP_FROM_SCALE;
  context.imageSmoothingQuality = "high";
  context.fillStyle = IMAGE_BACKDROP;
  context.fillRect(0, 0, doc.width, doc.height);
  if (image) context.drawImage(image, 0, 0, doc.width, doc.height);
  context.globalAlpha = OVERLAY_OPACITY;
  context.drawImage(doc.overlayCanvas(), 0, 0);
  context.globalAlpha = 1;

  // A hairline around the image, in screen pixels, marks where the mask ends.
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.strokeStyle = "rgb(255 255 255 / 0.14)";
  context.lineWidth = 1;
  context.strokeRect(view.x - 0.5, view.y - 0.5, doc.width * view.scale + 1, doc.height * view.scale + 1);
}
