import { useEffect, useState } from "react";
import { isMaskEmpty, type MaskBuffer, maskToBlackWhite } from "@/lib/client/canvas/mask-buffer";

/**
 * The mask as the service wants it: a PNG data URI, opaque, white where painted and black
 * elsewhere, at exactly the mask's size; null when nothing is painted.
 *
 * Synchronous on purpose: Chromium runs `toBlob` as an idle task, up to a second later, long
 * enough for a "Generate" click right after a stroke to send the previous mask. A two-colour PNG
 * encodes fast (a 1024x1024 mask in a few milliseconds), so the form always has the latest mask.
 */
export function encodeMaskPng(mask: MaskBuffer): string | null {
  if (isMaskEmpty(mask.data)) return null;
  const canvas = document.createElement("canvas");
  canvas.width = mask.width;
  canvas.height = mask.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas context to encode the mask");
  context.putImageData(new ImageData(maskToBlackWhite(mask.data), mask.width, mask.height), 0, 0);
  return canvas.toDataURL("image/png");
}

async function decodeImage(url: string, crossOrigin: boolean): Promise<HTMLImageElement> {
  const image = new Image();
  // A URL (not a data URI) must be CORS-clean for its pixels to be readable; same-origin always is.
  if (crossOrigin && !url.startsWith("data:")) image.crossOrigin = "anonymous";
  image.decoding = "async";
  image.src = url;
  await image.decode();
  return image;
}

/**
 * The RGBA pixels of a mask image (a data URI or URL) drawn at `width` x `height`, so a draft
 * saved at another size still lines up with the seed.
 */
export async function readMaskImage(url: string, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await decodeImage(url, true);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas context to read the mask");
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

export type SeedImage =
  | { status: "loading"; image: null }
  | { status: "ready"; image: HTMLImageElement }
  | { status: "error"; image: null };

/** Loads the seed image to draw under the mask; painting works even while it loads or if it fails. */
export function useSeedImage(url: string): SeedImage {
  const [seed, setSeed] = useState<SeedImage>({ status: "loading", image: null });
  useEffect(() => {
    let live = true;
    setSeed({ status: "loading", image: null });
    decodeImage(url, false).then(
      (image) => live && setSeed({ status: "ready", image }),
      () => live && setSeed({ status: "error", image: null }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return seed;
}
