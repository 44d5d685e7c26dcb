"use client";

/**
 * Masks to and from the gallery. A mask is kept as the service takes one, white where painted on
 * black, over the whole picture; read back, whatever is light is painted, scaled to the picture.
 */
import type { CanvasDocument, Layer } from "./canvas-document";
import type { Rect } from "./canvas-frame";
import { loadImage } from "./canvas-raster";
import { rasterize } from "./layer-raster";
import { type RegionOp, regionOf } from "./paint-ops";

/** What a saved or loaded mask covers: the picture, or the frame while there is none. */
export function maskRect(doc: CanvasDocument): Rect {
  return doc.picture ? { x: 0, y: 0, width: doc.picture.width, height: doc.picture.height } : doc.frame;
}

/**
 * Painted where a pixel is light and opaque (over half of white once its transparency counts):
 * white on black and white on transparent read alike.
 */
export function maskFromPixels(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) {
    const r = rgba[4 * i] ?? 0;
    const g = rgba[4 * i + 1] ?? 0;
    const b = rgba[4 * i + 2] ?? 0;
    const a = rgba[4 * i + 3] ?? 0;
    const light = (0.2126 * r + 0.7152 * g + 0.0722 * b) * (a / 255);
    mask[i] = light >= 128 ? 1 : 0;
  }
  return mask;
}

function canvasOf(rect: Rect): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement("canvas");
  canvas.width = rect.width;
  canvas.height = rect.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas context");
  return [canvas, context];
}

/** The layer over `rect` as an opaque PNG, white where painted. */
export function layerPng(layer: Layer, rect: Rect): Promise<Blob> {
  const [canvas, context] = canvasOf(rect);
  const image = context.createImageData(rect.width, rect.height);
  const mask = rasterize(layer.strokes, rect);
  for (let i = 0; i < mask.length; i++) {
    const v = mask[i] ? 255 : 0;
    image.data[4 * i] = v;
    image.data[4 * i + 1] = v;
    image.data[4 * i + 2] = v;
    image.data[4 * i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The mask did not encode"))),
      "image/png",
    ),
  );
}

/** A gallery image read as a mask stretched over `rect`; null when nothing in it is light. */
export async function regionFromImage(url: string, rect: Rect): Promise<RegionOp | null> {
  const image = await loadImage(url);
  const [, context] = canvasOf(rect);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, rect.width, rect.height);
  const pixels = context.getImageData(0, 0, rect.width, rect.height).data;
  return regionOf(maskFromPixels(pixels, rect.width, rect.height), rect, "paint");
}
