"use client";

/**
 * The canvas drawn into pixels for sending: the picture with its image layers under the frame (the
 * seed), and painted layers as the white-on-black images masks and ControlNet guides are.
 */
import type { CanvasDocument, Layer, Stroke } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { fillOutline, strokeOutline } from "./stroke-outline";

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas context");
  return [canvas, context];
}

const loaded = new Map<string, Promise<HTMLImageElement>>();

/** One decoded image per address; same-origin, so its pixels can be read back. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  let image = loaded.get(url);
  if (!image) {
    const element = new Image();
    element.decoding = "async";
    element.src = url;
    image = element.decode().then(() => element);
    image.catch(() => loaded.delete(url));
    loaded.set(url, image);
  }
  return image;
}

/** Draws strokes (paint in `colour`, erase cutting out) over what the context holds. */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  colour: string,
): void {
  for (const stroke of strokes) {
    context.globalCompositeOperation = stroke.mode === "erase" ? "destination-out" : "source-over";
    context.fillStyle = colour;
    fillOutline(context, strokeOutline(stroke));
  }
  context.globalCompositeOperation = "source-over";
}

/** The picture and every shown image layer under `rect`, as a PNG. */
export async function renderSeed(doc: CanvasDocument, rect: Rect): Promise<Blob> {
  const [canvas, context] = canvasOf(rect.width, rect.height);
  if (doc.picture) context.drawImage(await loadImage(doc.picture.url), -rect.x, -rect.y);
  for (const layer of doc.layers) {
    if (layer.hidden || layer.kind !== "image") continue;
    const [own, ownContext] = canvasOf(rect.width, rect.height);
    ownContext.translate(-rect.x, -rect.y);
    ownContext.drawImage(
      await loadImage(layer.src),
      layer.rect.x,
      layer.rect.y,
      layer.rect.width,
      layer.rect.height,
    );
    drawStrokes(ownContext, layer.strokes, "#000");
    context.globalAlpha = layer.opacity;
    context.drawImage(own, 0, 0);
    context.globalAlpha = 1;
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The seed did not encode"))),
      "image/png",
    ),
  );
}

/**
 * Painted layers under `rect` as one opaque PNG data URI, white where painted, black elsewhere: the
 * shape the service takes for `maskImage` and a scribble guide. Synchronous, as the inpainting
 * page's mask is (components/canvas/mask-painter-io.ts), so a Generate right after a stroke sends it.
 */
export function renderPainted(layers: readonly Layer[], rect: Rect): string {
  return paintedCanvas(layers, rect).toDataURL("image/png");
}

/** Whether anything is left painted under `rect` once erasing is counted (the plan only bounds it). */
export function anyPainted(layers: readonly Layer[], rect: Rect): boolean {
  const context = paintedCanvas(layers, rect).getContext("2d");
  if (!context) return true;
  const data = context.getImageData(0, 0, rect.width, rect.height).data;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
  return false;
}

function paintedCanvas(layers: readonly Layer[], rect: Rect): HTMLCanvasElement {
  const [canvas, context] = canvasOf(rect.width, rect.height);
  context.fillStyle = "#000";
  context.fillRect(0, 0, rect.width, rect.height);
  for (const layer of layers) {
    const [own, ownContext] = canvasOf(rect.width, rect.height);
    ownContext.translate(-rect.x, -rect.y);
    drawStrokes(ownContext, layer.strokes, "#fff");
    context.drawImage(own, 0, 0);
  }
  return canvas;
}
