"use client";

/**
 * The canvas drawn into pixels for sending: the picture with its image layers under the frame (the
 * seed), and painted layers as the white-on-black images masks and ControlNet guides are.
 */
import type { CanvasDocument, Layer, LayerOp } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { rasterize } from "./layer-raster";
import { forEachRun, isShape, type RegionOp } from "./paint-ops";
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

const regions = new WeakMap<RegionOp, Map<string, HTMLCanvasElement>>();

/** "#rrggbb" as its three channels. */
function channels(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.slice(1, 7), 16);
  return Number.isFinite(n) ? [(n >> 16) & 255, (n >> 8) & 255, n & 255] : [255, 255, 255];
}

/**
 * A region's pixels in `colour` on a canvas of the region's own size, made once per region and
 * colour: regions never change once made, so the stage redraws them without decoding anything.
 */
export function regionCanvas(op: RegionOp, colour: string): HTMLCanvasElement {
  let byColour = regions.get(op);
  if (!byColour) {
    byColour = new Map();
    regions.set(op, byColour);
  }
  const made = byColour.get(colour);
  if (made) return made;
  const { width, height } = op.rect;
  const [canvas, context] = canvasOf(Math.max(1, width), Math.max(1, height));
  const image = context.createImageData(Math.max(1, width), Math.max(1, height));
  const pixels = new Uint32Array(image.data.buffer);
  const [r, g, b] = channels(colour);
  // ImageData is RGBA in memory; read as 32-bit words that is ABGR on little-endian machines.
  const word = new Uint32Array(new Uint8Array([r, g, b, 255]).buffer)[0] ?? 0;
  forEachRun(op.runs, width * height, (start, end) => pixels.fill(word, start, end));
  context.putImageData(image, 0, 0);
  byColour.set(colour, canvas);
  return canvas;
}

/** Draws a layer's entries (paint in `colour`, erase cutting out) over what the context holds. */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly LayerOp[],
  colour: string,
): void {
  for (const op of strokes) {
    context.globalCompositeOperation = op.mode === "erase" ? "destination-out" : "source-over";
    context.fillStyle = colour;
    if (!isShape(op)) fillOutline(context, strokeOutline(op));
    else if (op.shape === "polygon") fillOutline(context, op.points);
    else context.drawImage(regionCanvas(op, colour), op.rect.x, op.rect.y);
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
 * shape the service takes for `maskImage` and a scribble guide. Synchronous, so a Generate right
 * after a stroke sends it.
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

/**
 * Each layer is drawn on its own by the typed-array rasterizer (layer-raster.ts), so its eraser
 * takes back exactly what its brush laid down, and the layers are then united: white wherever any
 * of them is painted, black elsewhere, with nothing in between.
 */
function paintedCanvas(layers: readonly Layer[], rect: Rect): HTMLCanvasElement {
  const [canvas, context] = canvasOf(rect.width, rect.height);
  const image = context.createImageData(rect.width, rect.height);
  const pixels = new Uint32Array(image.data.buffer);
  pixels.fill(new Uint32Array(new Uint8Array([0, 0, 0, 255]).buffer)[0] ?? 0);
  const white = 0xffffffff;
  for (const layer of layers) {
    const mask = rasterize(layer.strokes, rect);
    for (let i = 0; i < mask.length; i++) if (mask[i]) pixels[i] = white;
  }
  context.putImageData(image, 0, 0);
  return canvas;
}
